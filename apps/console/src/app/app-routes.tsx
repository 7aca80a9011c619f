import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from '@/components/error-boundary';
import { LoadFailure } from '@/components/load-failure';
import { paths } from '@/lib/paths';
import { useSignedInUser } from '@/lib/auth/user-context';
import { RouteLoading } from './route-loading';
import { ROUTES, type AppRoute } from './routes';

const NotFoundPage = lazy(() => import('@/features/errors/not-found-page').then((m) => ({ default: m.NotFoundPage })));
// Asks the server whether the user may manage users: loaded with the route that needs it.
const UserManagersOnly = lazy(() => import('./auth/user-managers-only').then((m) => ({ default: m.UserManagersOnly })));
const UnauthorizedPage = lazy(() =>
  import('@/features/errors/unauthorized-page').then((m) => ({ default: m.UnauthorizedPage })),
);

/** Spec §2: a user holding none of a route's roles is sent to /unauthorized. */
function GuardedRoute({ route, params }: { route: AppRoute; params: Record<string, string | undefined> }) {
  const user = useSignedInUser();
  if (!user.hasAnyRole(route.requiresRole)) return <Redirect to={paths.unauthorized.build()} replace />;
  if ('redirectTo' in route) return <Redirect to={route.redirectTo} replace />;
  if (route.requiresUserManagement) return <UserManagersOnly>{route.render(params)}</UserManagersOnly>;
  return <>{route.render(params)}</>;
}

/** The routed page area inside the main layout. */
export function AppRoutes() {
  const [location] = useLocation();
  return (
    // A screen that fails (its code not downloaded, say) leaves the header and the live updates in
    // place; the next screen is shown again.
    <ErrorBoundary resetKey={location} fallback={(error) => <LoadFailure error={error} />}>
      <Suspense fallback={<RouteLoading />}>
        <Switch>
          {ROUTES.map((route) => (
            <Route key={route.screen ?? route.path} path={route.path}>
              {(params) => <GuardedRoute route={route} params={params} />}
            </Route>
          ))}
          <Route path={paths.unauthorized.pattern}>
            <UnauthorizedPage />
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
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
  return (
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
  );
}

import { Spinner } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { paths } from '@/lib/paths';
import { useSignedInUser } from '@/lib/auth/user-context';
import { ROUTES, type AppRoute } from './routes';

const NotFoundPage = lazy(() => import('@/features/errors/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const UnauthorizedPage = lazy(() =>
  import('@/features/errors/unauthorized-page').then((m) => ({ default: m.UnauthorizedPage })),
);

/** Spec §2: a user holding none of a route's roles is sent to /unauthorized. */
function GuardedRoute({ route, params }: { route: AppRoute; params: Record<string, string | undefined> }) {
  const user = useSignedInUser();
  if (!user.hasAnyRole(route.requiresRole)) return <Redirect to={paths.unauthorized.build()} replace />;
  if ('redirectTo' in route) return <Redirect to={route.redirectTo} replace />;
  return <>{route.render(params)}</>;
}

/** Shown while a screen's code is loading (each screen is its own chunk). */
function RouteLoading() {
  const { t } = useTranslation('common');
  return <Spinner data-testid="route-loading" label={t('route.loading')} />;
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

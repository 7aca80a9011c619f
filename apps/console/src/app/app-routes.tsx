import { Body1, Button, Spinner } from '@fluentui/react-components';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { errorMessage } from '@/lib/api/error-message';
import { paths } from '@/lib/paths';
import { useSignedInUser } from '@/lib/auth/user-context';
import { useUserManagementAccess } from './auth/use-user-management-access';
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
  if (route.requiresUserManagement) return <UserManagersOnly>{route.render(params)}</UserManagersOnly>;
  return <>{route.render(params)}</>;
}

/** Shows a user management screen only to those the server lets manage users. */
function UserManagersOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { t: tErrors } = useTranslation('errors');
  const { access, error, retry } = useUserManagementAccess();
  if (access === 'denied') return <Redirect to={paths.unauthorized.build()} replace />;
  if (access === 'pending') return <RouteLoading />;
  if (access === 'failed') {
    // Who may manage users could not be read: say so, rather than guess either way.
    return (
      <div role="alert">
        <Body1 as="p">{errorMessage(tErrors, error)}</Body1>
        <Button onClick={retry}>{t('action.retry')}</Button>
      </div>
    );
  }
  return <>{children}</>;
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

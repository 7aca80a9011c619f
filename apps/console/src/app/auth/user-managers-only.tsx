import { Body1, Button } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { errorMessage } from '@/lib/api/error-message';
import { paths } from '@/lib/paths';
import { RouteLoading } from '../route-loading';
import { useUserManagementAccess } from './use-user-management-access';

/**
 * Shows a user management screen only to those the server lets manage users; the others go to
 * /unauthorized, as a route's missing role sends them.
 */
export function UserManagersOnly({ children }: { children: ReactNode }) {
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

import type { DirectoryUser } from '@farola/protocol';
import { Body1, Button, Caption1, MessageBar, MessageBarBody, Spinner, Subtitle1 } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GrantPermissionForm } from './grant-permission-form';
import { PermissionsTable } from './permissions-table';
import { useUserPermissionsSectionStyles } from './user-permissions-section.styles';
import { useUserPermissions } from './use-user-permissions';

/** 'User permissions' of the selected user: their role per project, and 'Choose role' to grant one. */
export function UserPermissionsSection({ user }: { user: DirectoryUser }) {
  const { t } = useTranslation('users');
  const styles = useUserPermissionsSectionStyles();
  const headingId = useId();
  const state = useUserPermissions(user);
  const fullName = `${user.givenName} ${user.familyName}`.trim();
  return (
    <section className={styles.root} aria-labelledby={headingId} data-testid="user-permissions">
      <div>
        <Subtitle1 as="h2" id={headingId} className={styles.heading}>
          {t('permissions.title')}
        </Subtitle1>
        <Body1 as="p" className={styles.user}>
          <strong>{user.username}</strong>
          {fullName !== '' && <Caption1 className={styles.secondary}>{fullName}</Caption1>}
        </Body1>
      </div>
      {state.isFailed ? (
        <MessageBar intent="error" data-testid="permissions-unavailable">
          <MessageBarBody>{t('permissions.unavailable')}</MessageBarBody>
          <Button appearance="transparent" onClick={state.retry}>
            {t('permissions.retry')}
          </Button>
        </MessageBar>
      ) : state.permissions === undefined ? (
        <Spinner size="small" label={t('permissions.loading')} />
      ) : (
        <>
          {state.permissions.length === 0 ? (
            <Body1 as="p" role="status" className={styles.empty}>
              {t('permissions.empty')}
            </Body1>
          ) : (
            <PermissionsTable
              username={user.username}
              permissions={state.permissions}
              disabled={state.isChanging}
              onChangeRole={state.changeRole}
              onRemove={state.remove}
            />
          )}
          <GrantPermissionForm
            isGranting={state.isGranting}
            error={state.grantError}
            onGrant={state.grant}
            onEdit={state.clearGrantError}
          />
        </>
      )}
    </section>
  );
}

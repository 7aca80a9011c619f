import type { DirectoryUser, GrantPermission, ProjectPermission, ProjectRole, UserPermissions } from '@farola/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import { useMe } from '@/lib/api/me';
import { useNotify } from '@/lib/notifications/use-notify';
import { queryKeys } from '@/lib/query/query-client';
import { fetchUserPermissions, grantPermission, revokePermission } from './api';
import { ROLE_LABEL_KEYS } from './role-labels';

/**
 * The selected user's permissions and the three ways to change them: grant a role on a project
 * ('Choose role'), change the role held on a project, remove it. Each answer is the user's new
 * permissions, shown at once; changing one's own permissions reloads what the console knows of
 * the caller (`me`), such as the projects it administers.
 */
export function useUserPermissions(user: DirectoryUser) {
  const queries = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation('users');
  const { t: tErrors } = useTranslation('errors');
  const { data: me } = useMe();
  const key = queryKeys.userPermissions(user.id);
  const permissions = useQuery({ queryKey: key, queryFn: () => fetchUserPermissions(user.id) });
  const userLabel = user.username;

  const applied = (answer: UserPermissions) => {
    queries.setQueryData(key, answer);
    if (me?.id === user.id) void queries.invalidateQueries({ queryKey: queryKeys.me });
  };
  const projectName = (projectId: string, answer: UserPermissions) =>
    answer.permissions.find((permission) => permission.projectId === projectId)?.projectName ?? '';
  const roleChanged = (answer: UserPermissions, { projectId, role }: GrantPermission, message: string) => {
    applied(answer);
    notify.success(
      t(message, { user: userLabel, role: t(ROLE_LABEL_KEYS[role]), project: projectName(projectId, answer) }),
    );
  };

  const grant = useMutation({
    mutationFn: (change: GrantPermission) => grantPermission(user.id, change),
    onSuccess: (answer, change) => roleChanged(answer, change, 'grant.granted'),
  });
  const changeRole = useMutation({
    mutationFn: (change: GrantPermission) => grantPermission(user.id, change),
    onSuccess: (answer, change) => roleChanged(answer, change, 'permissions.changed'),
    onError: (error) => notify.error(errorMessage(tErrors, error)),
  });
  const revoke = useMutation({
    mutationFn: (permission: ProjectPermission) => revokePermission(user.id, permission.projectId),
    onSuccess: (answer, permission) => {
      applied(answer);
      notify.success(t('permissions.removed', { user: userLabel, project: permission.projectName }));
    },
    onError: (error) => notify.error(errorMessage(tErrors, error)),
  });

  return {
    permissions: permissions.data?.permissions,
    isLoading: permissions.isPending,
    isFailed: permissions.isError,
    retry: () => void permissions.refetch(),
    grant: (change: GrantPermission) => grant.mutate(change),
    isGranting: grant.isPending,
    /** The refusal of the last grant, in the user's language ('User already exists with that role'). */
    grantError: grant.isError ? errorMessage(tErrors, grant.error) : null,
    clearGrantError: () => grant.reset(),
    changeRole: (permission: ProjectPermission, role: ProjectRole) =>
      changeRole.mutate({ projectId: permission.projectId, role }),
    remove: (permission: ProjectPermission) => revoke.mutate(permission),
    isChanging: changeRole.isPending || revoke.isPending,
  };
}

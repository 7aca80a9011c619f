import { mayManageUsers, useMe } from '@/lib/api/me';
import { useSignedInUser } from '@/lib/auth/user-context';

export type UserManagementAccess = 'granted' | 'denied' | 'pending' | 'failed';

/**
 * Whether the signed-in user may use user management: at once for `admin`; otherwise once the
 * server has said (`GET /me`) whether the user administers a project.
 */
export function useUserManagementAccess(): { access: UserManagementAccess; error: unknown; retry: () => void } {
  const isAdmin = useSignedInUser().isAdmin();
  const me = useMe({ enabled: !isAdmin });
  const retry = () => void me.refetch();
  if (isAdmin) return { access: 'granted', error: null, retry };
  if (me.data) return { access: mayManageUsers(me.data) ? 'granted' : 'denied', error: null, retry };
  return { access: me.isError ? 'failed' : 'pending', error: me.error, retry };
}

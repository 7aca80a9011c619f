import { MeSchema, type Me } from '@farola/protocol';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query/query-client';
import { apiGet } from './client';

/** The caller as the server sees it: client roles, the projects it sees and those it administers. */
export function fetchMe(): Promise<Me> {
  return apiGet('me', MeSchema);
}

/**
 * The caller (`GET /me`), validated and cached under `queryKeys.me`; invalidate that key when the
 * caller's own permissions change.
 *
 * @example
 * const { data: me } = useMe();
 * const administers = me?.administeredProjectIds ?? [];
 */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, enabled });
}

/**
 * Whether the caller may use user management: `admin`, or the administrator of at least one
 * project (the server refuses everyone else).
 */
export function mayManageUsers(me: Pick<Me, 'roles' | 'administeredProjectIds'>): boolean {
  return me.roles.includes('admin') || me.administeredProjectIds.length > 0;
}

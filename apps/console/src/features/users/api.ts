import {
  DirectoryUserSchema,
  pageSchema,
  UserPermissionsSchema,
  type DirectoryUser,
  type GrantPermission,
  type Page,
  type UserPermissions,
} from '@farola/protocol';
import { apiDelete, apiGet, apiPost } from '@/lib/api/client';

const UserPageSchema = pageSchema(DirectoryUserSchema);

/** How many users one 'Show more' loads. */
export const USERS_PAGE_SIZE = 20;

const permissionsPath = (userId: string) => `users/${encodeURIComponent(userId)}/permissions`;

/** Users whose user name, names or e-mail match `q` (everyone when empty), by user name. */
export function searchUsers(q: string, cursor?: string): Promise<Page<DirectoryUser>> {
  return apiGet('users', UserPageSchema, { q: q === '' ? undefined : q, limit: USERS_PAGE_SIZE, cursor });
}

/** The user's role per project, on the projects the caller administers. */
export function fetchUserPermissions(userId: string): Promise<UserPermissions> {
  return apiGet(permissionsPath(userId), UserPermissionsSchema);
}

/** Grants a role on a project, or changes the role held there. */
export function grantPermission(userId: string, grant: GrantPermission): Promise<UserPermissions> {
  return apiPost(permissionsPath(userId), grant, UserPermissionsSchema);
}

export function revokePermission(userId: string, projectId: string): Promise<UserPermissions> {
  return apiDelete(permissionsPath(userId), UserPermissionsSchema, { projectId });
}

export { fetchAllProjects } from '@/lib/api/projects';

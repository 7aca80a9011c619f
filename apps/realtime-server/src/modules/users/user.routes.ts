import {
  DirectoryUserSchema,
  GrantPermissionSchema,
  MeSchema,
  pageSchema,
  RevokePermissionQuerySchema,
  UserListQuerySchema,
  UserPermissionsSchema,
  text,
} from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { ProjectService } from '../projects/contract';
import type { UserService } from './user.service';

/** A user id in a path is the token subject: not necessarily a UUID outside Keycloak. */
// A token subject: any text but NUL, which PostgreSQL cannot store (a NUL here answered 500).
const UserIdSchema = text().min(1).max(200);

/**
 * User management. Open to every signed-in user at the route; the service lets in `admin` and
 * project administrators ('Admin' on a project) only, for the projects they administer.
 */
export function userRoutes(users: UserService, projects: ProjectService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/me',
      operationId: 'getMe',
      summary: 'The caller, the projects it may see and those whose permissions it may manage',
      roles: [],
      response: { component: 'Me', schema: MeSchema },
      handler: async ({ user }) => ({
        id: user.id,
        username: user.username,
        roles: user.roles,
        projectIds: await projects.visibleProjectIds(user),
        administeredProjectIds: await users.administeredProjectIds(user),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/users',
      operationId: 'findUsers',
      summary: 'Find users (administrators of a project, or admin)',
      roles: [],
      query: UserListQuerySchema,
      response: { component: 'DirectoryUserPage', schema: pageSchema(DirectoryUserSchema) },
      handler: ({ user, query }) => users.list(user, query),
    }),
    defineRoute({
      method: 'get',
      path: '/users/:id/permissions',
      operationId: 'listUserPermissions',
      summary: "A user's role per project, on the projects the caller administers",
      roles: [],
      id: { description: 'User id (token subject)', schema: UserIdSchema },
      response: { component: 'UserPermissions', schema: UserPermissionsSchema },
      handler: ({ user, id }) => users.permissions(user, id),
    }),
    defineRoute({
      method: 'post',
      path: '/users/:id/permissions',
      operationId: 'grantUserPermission',
      summary: 'Grant a role on a project, or change it',
      roles: [],
      id: { description: 'User id (token subject)', schema: UserIdSchema },
      body: { component: 'GrantPermission', schema: GrantPermissionSchema },
      response: { component: 'UserPermissions', schema: UserPermissionsSchema },
      errors: [409],
      handler: ({ user, id, body }) => users.grant(user, id, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/users/:id/permissions',
      operationId: 'withdrawUserPermission',
      summary: "Withdraw a user's permission on a project",
      roles: [],
      id: { description: 'User id (token subject)', schema: UserIdSchema },
      query: RevokePermissionQuerySchema,
      response: { component: 'UserPermissions', schema: UserPermissionsSchema },
      handler: ({ user, id, query }) => users.revoke(user, id, query.projectId),
    }),
  ];
}

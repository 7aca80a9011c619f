import { z } from 'zod';
import { PageQuerySchema } from './pagination';
import { IsoDateTimeSchema, text } from './primitives';
import { ProjectRoleSchema, RoleSchema } from './roles';

/**
 * A person the server knows: everyone who has signed in at least once (the identity provider
 * owns the accounts; the server keeps who it has seen, so that an administrator can find them).
 */
export const DirectoryUserSchema = z.object({
  /** The token subject. */
  id: text().min(1).max(200),
  username: text().max(200),
  givenName: text().max(200),
  familyName: text().max(200),
  email: text().max(320),
  lastSeenAt: IsoDateTimeSchema.nullable(),
});
export type DirectoryUser = z.infer<typeof DirectoryUserSchema>;

/** Find a user: `q` matches the user name, names or e-mail; sorted by user name. */
export const UserListQuerySchema = PageQuerySchema;
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** A user's role on one project (subprojects come with it). */
export const ProjectPermissionSchema = z.object({
  projectId: z.uuid(),
  projectName: text(),
  role: ProjectRoleSchema,
});
export type ProjectPermission = z.infer<typeof ProjectPermissionSchema>;

/** A user's permissions on the projects the caller administers. */
export const UserPermissionsSchema = z.object({
  user: DirectoryUserSchema,
  permissions: z.array(ProjectPermissionSchema),
});
export type UserPermissions = z.infer<typeof UserPermissionsSchema>;

/** Grants a role on a project, or changes the role held there. */
export const GrantPermissionSchema = z.strictObject({
  projectId: z.uuid(),
  role: ProjectRoleSchema,
});
export type GrantPermission = z.infer<typeof GrantPermissionSchema>;

/** Which permission to withdraw. */
export const RevokePermissionQuerySchema = z.object({ projectId: z.uuid() });
export type RevokePermissionQuery = z.infer<typeof RevokePermissionQuerySchema>;

/** The caller: profile, client roles, the projects it may see and those it administers. */
export const MeSchema = z.object({
  id: z.string(),
  username: z.string(),
  roles: z.array(RoleSchema),
  projectIds: z.array(z.uuid()),
  /** Projects where the caller may manage user permissions (every project for `admin`). */
  administeredProjectIds: z.array(z.uuid()),
});
export type Me = z.infer<typeof MeSchema>;

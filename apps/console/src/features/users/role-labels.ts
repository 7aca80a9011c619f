import { ProjectRoleSchema, type ProjectRole } from '@farola/protocol';

/** The roles a user can hold on a project, in the order the selects offer them. */
export const PROJECT_ROLES: readonly ProjectRole[] = ProjectRoleSchema.options;

/** Each project role's label key in users.json (spec §6: 'Admin' and 'User'). */
export const ROLE_LABEL_KEYS: Record<ProjectRole, string> = {
  admin: 'role.admin',
  user: 'role.user',
};

export function isProjectRole(value: string): value is ProjectRole {
  return ProjectRoleSchema.safeParse(value).success;
}

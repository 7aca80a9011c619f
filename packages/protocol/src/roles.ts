import { z } from 'zod';

/**
 * Client roles on the product's OAuth client (spec §6). `admin` passes every role check.
 *
 * @example
 * RoleSchema.parse('view-alarms'); // 'view-alarms'
 */
export const RoleSchema = z.enum([
  'admin',
  'manage-alarms',
  'view-alarms',
  'view-dashboard',
  'manage-projects',
  'edit-project',
  'delete-project',
  'view-projects',
  'manage-scheduling',
  'view-scheduling',
  'manage-devices',
  'edit-device',
  'view-devices',
  'view-traceability',
]);
export type Role = z.infer<typeof RoleSchema>;
export const ROLES = RoleSchema.options;

/** Roles a user holds on one project; the user management screen labels them 'Admin' and 'User'. */
export const ProjectRoleSchema = z.enum(['admin', 'user']);
export type ProjectRole = z.infer<typeof ProjectRoleSchema>;

/** True when `held` satisfies any of `required` (an empty list is open); `admin` passes every check. */
export function hasAnyRole(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) return true;
  if (held.includes('admin')) return true;
  return required.some((role) => held.includes(role));
}

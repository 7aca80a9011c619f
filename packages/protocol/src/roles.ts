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

/**
 * Who may do what through the API, beyond seeing a project (spec §6 route roles; which role may
 * act inside a screen is the product's design, documented in docs/api.md). The server enforces
 * these on its routes; the console uses the same lists to offer or disable the actions.
 */
export const ACTION_ROLES = {
  /** The inventory lists (spec §2: manage-devices, edit-device, view-devices). */
  listDevices: ['manage-devices', 'edit-device', 'view-devices'],
  /** Editing a device's notes and fixed location (spec §6: device details are for manage-devices, edit-device). */
  editDevices: ['manage-devices', 'edit-device'],
  /** Commands and cancelling them: changing what a device does is for device managers. */
  commandDevices: ['manage-devices'],
  /** Control programs and calendars: seen with either scheduling role (spec §6 route roles). */
  viewScheduling: ['manage-scheduling', 'view-scheduling'],
  /** Making, changing and deleting control programs and calendars. */
  manageScheduling: ['manage-scheduling'],
  /** Groups: seen wherever scheduling or the inventory lists are (their filters and bulk actions name them). */
  viewGroups: ['manage-scheduling', 'view-scheduling', 'manage-devices', 'edit-device', 'view-devices'],
  /** Making groups, choosing what they run and the operate mode they manage, deleting them. */
  manageGroups: ['manage-scheduling'],
  /** Putting devices in groups: from the inventory's bulk 'change group', the map selection, the panel. */
  groupDevices: ['manage-scheduling', 'manage-devices'],
  /** Provisioning devices and gateways, and their credentials. */
  provisionDevices: ['manage-devices'],
} as const satisfies Record<string, readonly Role[]>;

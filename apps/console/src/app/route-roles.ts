import type { Role } from '@farola/protocol';

/** Spec §6 "Route roles": a user needs any one of a route's roles. */
export const ROUTE_ROLES = {
  open: [],
  alarms: ['manage-alarms', 'view-alarms'],
  dashboard: ['view-dashboard'],
  projects: ['manage-projects', 'edit-project', 'delete-project', 'view-projects'],
  scheduling: ['manage-scheduling', 'view-scheduling'],
  inventoryLists: ['manage-devices', 'edit-device', 'view-devices'],
  deviceFiles: ['manage-devices', 'edit-device'],
  bulkUpdates: ['manage-devices'],
  traceability: ['view-traceability'],
} as const satisfies Record<string, readonly Role[]>;

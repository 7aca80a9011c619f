import { ACTION_ROLES, DeviceSchema, DisableDeviceRequestSchema, LifecycleMoveRequestSchema } from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { LifecycleService } from './lifecycle.service';

export function lifecycleRoutes(lifecycle: LifecycleService): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/devices/:id/lifecycle',
      operationId: 'changeDeviceStatus',
      summary:
        "Change a device's status ('Send to installation', 'Retry installation' after a failed one, 'Send to revision', '… maintenance', '… retired')",
      roles: ACTION_ROLES.commandDevices,
      id: { description: 'Device id' },
      body: { component: 'LifecycleMoveRequest', schema: LifecycleMoveRequestSchema },
      response: { component: 'Device', schema: DeviceSchema, description: 'The device in its new status' },
      errors: [409],
      handler: ({ user, id, body }) => lifecycle.moveOne(user, id, body.action),
    }),
    defineRoute({
      method: 'post',
      path: '/devices/:id/disable',
      operationId: 'disableDevice',
      summary: 'Disable a device for good: its credentials are revoked and every command refused',
      roles: ACTION_ROLES.commandDevices,
      id: { description: 'Device id' },
      body: { component: 'DisableDeviceRequest', schema: DisableDeviceRequestSchema },
      response: { component: 'Device', schema: DeviceSchema, description: 'The disabled device' },
      errors: [409],
      handler: ({ user, id }) => lifecycle.disableOne(user, id),
    }),
  ];
}

import {
  ACTION_ROLES,
  GatewayListQuerySchema,
  GatewaySchema,
  pageSchema,
  ProvisionDeviceSchema,
  ProvisionedDeviceSchema,
  ProvisionedDevicesSchema,
  ProvisionDevicesSchema,
  ProvisionedGatewaySchema,
  ProvisionGatewayDevicesSchema,
  ProvisionGatewaySchema,
  ProvisionResultsSchema,
  RotatedCredentialsSchema,
} from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { BulkProvisioning } from './bulk-provisioning';
import type { ProvisioningService } from './provisioning.service';

/** Provisioning: devices and gateways with their MQTT credentials, shown once. */
export function provisioningRoutes(provisioning: ProvisioningService, bulk: BulkProvisioning): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/devices',
      operationId: 'provisionDevice',
      summary: "Provisions a device in 'provisioned' status; answers its MQTT credentials once (none behind a gateway)",
      roles: ACTION_ROLES.provisionDevices,
      body: { component: 'ProvisionDevice', schema: ProvisionDeviceSchema },
      response: {
        component: 'ProvisionedDevice',
        schema: ProvisionedDeviceSchema,
        status: 201,
        description: 'Created',
      },
      errors: [404, 409],
      handler: ({ user, body }) => provisioning.provisionDevice(user, body),
    }),
    defineRoute({
      method: 'post',
      path: '/devices/batch',
      operationId: 'provisionDevices',
      summary: 'Provisions up to 2,000 devices that connect on their own, answering each item with its credentials',
      description:
        "Each item is provisioned as by POST /devices without gatewayId, in 'provisioned' status, in one " +
        'transaction, and answered on its own: created (with its MQTT credentials, shown once), exists (the ' +
        'same device already provisioned to connect on its own; POST /devices/{id}/credentials renews its ' +
        "credentials), invalid (the item's schema, or a project the caller cannot see) or conflict (a serial " +
        'number or name taken). One call counts once against the rate limits: a fleet of 100,000 is 50 calls.',
      roles: ACTION_ROLES.provisionDevices,
      body: { component: 'ProvisionDevices', schema: ProvisionDevicesSchema },
      response: { component: 'ProvisionedDevices', schema: ProvisionedDevicesSchema },
      handler: ({ user, body }) => bulk.provisionDevices(user, body.devices),
    }),
    defineRoute({
      method: 'post',
      path: '/devices/:id/credentials',
      operationId: 'renewDeviceCredentials',
      summary:
        'New MQTT credentials for a device that connects on its own; the old password stops working, its connection is closed',
      roles: ACTION_ROLES.provisionDevices,
      id: { description: 'Device id', invalid: 'INVALID_ID' },
      response: { component: 'RotatedCredentials', schema: RotatedCredentialsSchema },
      handler: ({ user, id }) => provisioning.rotateDevice(user, id),
    }),
    defineRoute({
      method: 'get',
      path: '/gateways',
      operationId: 'listGateways',
      summary: 'Gateways, by gateway id',
      roles: ACTION_ROLES.listDevices,
      query: GatewayListQuerySchema,
      response: { component: 'GatewayPage', schema: pageSchema(GatewaySchema) },
      handler: ({ user, query }) => provisioning.listGateways(user, query),
    }),
    defineRoute({
      method: 'post',
      path: '/gateways',
      operationId: 'provisionGateway',
      summary:
        'Provisions a gateway, which carries many devices over one MQTT connection; answers its credentials once',
      roles: ACTION_ROLES.provisionDevices,
      body: { component: 'ProvisionGateway', schema: ProvisionGatewaySchema },
      response: {
        component: 'ProvisionedGateway',
        schema: ProvisionedGatewaySchema,
        status: 201,
        description: 'Created',
      },
      errors: [404, 409],
      handler: ({ user, body }) => provisioning.provisionGateway(user, body),
    }),
    defineRoute({
      method: 'post',
      path: '/gateways/:id/credentials',
      operationId: 'renewGatewayCredentials',
      summary: 'New MQTT credentials for a gateway; the old password stops working, its connection is closed',
      roles: ACTION_ROLES.provisionDevices,
      id: { description: 'Gateway id (uuid)' },
      response: { component: 'RotatedCredentials', schema: RotatedCredentialsSchema },
      handler: ({ user, id }) => provisioning.rotateGateway(user, id),
    }),
    defineRoute({
      method: 'post',
      path: '/gateways/:id/devices',
      operationId: 'provisionGatewayDevices',
      summary: 'Provisions up to 2,000 devices behind a gateway, answering each item on its own',
      roles: ACTION_ROLES.provisionDevices,
      id: { description: 'Gateway id (uuid)' },
      body: { component: 'ProvisionGatewayDevices', schema: ProvisionGatewayDevicesSchema },
      response: { component: 'ProvisionResults', schema: ProvisionResultsSchema },
      handler: ({ user, id, body }) => bulk.provision(user, id, body.devices),
    }),
  ];
}

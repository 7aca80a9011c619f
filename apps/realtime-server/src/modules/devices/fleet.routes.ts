import { FleetColumnsQuerySchema, FleetColumnsSchema, FleetListQuerySchema, FleetListSchema } from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { FleetService } from './fleet.service';
import { sendLargeJson } from '../../http/send-large-json';

export function fleetRoutes(fleet: FleetService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/fleet',
      summary:
        'The compact state of every visible device (from memory), with each `fleet:` stream seq at the ' +
        'moment of the read: apply only `FleetStateUpdated` items with a greater seq. Repeat `deviceId` ' +
        'for several (at most 500).',
      roles: [],
      query: FleetListQuerySchema,
      response: { component: 'FleetList', schema: FleetListSchema },
      errors: [403],
      handler: ({ user, query }) => fleet.list(user, query),
    }),
    defineRoute({
      method: 'get',
      path: '/fleet/columns',
      summary:
        'The same fleet as `GET /fleet`, one array per field (what the map loads: 100,000 devices in a few ' +
        'megabytes). Codes index the lookup tables `kinds`, `vendors`, `statuses`, `projects`; `flags` ' +
        'packs connected (1), on (2), on known (4) and alarm (8).',
      roles: [],
      query: FleetColumnsQuerySchema,
      response: { component: 'FleetColumns', schema: FleetColumnsSchema },
      errors: [403],
      // Sent here, compressed for its size (send-large-json.ts); returned for the route's typing only.
      handler: async ({ user, query, req, res }) => {
        const columns = await fleet.columns(user, query);
        await sendLargeJson(req, res, columns);
        return columns;
      },
    }),
  ];
}

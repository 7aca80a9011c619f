import { performance } from 'node:perf_hooks';
import {
  FleetColumnsQuerySchema,
  FleetColumnsWireSchema,
  FleetListQuerySchema,
  FleetListSchema,
} from '@farola/protocol';
import { ANSWER_SENT, defineRoute, type Route } from '../../http/define-route';
import type { FleetService } from './fleet.service';
import { sendJsonParts } from '../../http/send-json-parts';

export function fleetRoutes(fleet: FleetService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/fleet',
      operationId: 'getFleet',
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
      operationId: 'getFleetColumns',
      summary:
        'The same fleet as `GET /fleet`, one column per field (what the map loads: 100,000 devices in a few ' +
        'megabytes): text columns as arrays, numeric ones packed as base64 of little-endian binary (see ' +
        'each column). Codes index the lookup tables `kinds`, `vendors`, `statuses`, `projects`; `flags` ' +
        'packs connected (1), on (2), on known (4) and alarm (8). The identity columns (`deviceId`, ' +
        '`serialNumber`, `name`) come last, so that a client may read the rest first.',
      roles: [],
      query: FleetColumnsQuerySchema,
      response: { component: 'FleetColumns', schema: FleetColumnsWireSchema },
      errors: [403],
      // Sent here, in two parts (send-json-parts.ts): the state's columns made now, the members' prepared.
      handler: async ({ user, query, req, res }): Promise<typeof ANSWER_SENT> => {
        const started = performance.now();
        const { state, members } = await fleet.columns(user, query);
        sendJsonParts(req, res, [state, members], { read: performance.now() - started });
        return ANSWER_SENT;
      },
    }),
  ];
}

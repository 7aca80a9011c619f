import {
  ACTION_ROLES,
  DevicePreviewQuerySchema,
  ENERGY_PRICE_PER_KWH_DEFAULT,
  EnergyEstimateQuerySchema,
  GroupEnergyEstimateSchema,
  YearPreviewSchema,
} from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { ScheduleEstimates } from './schedule-estimates';

const { viewGroups, viewScheduling } = ACTION_ROLES;

export function estimateRoutes(estimates: ScheduleEstimates): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/devices/:id/schedule/preview',
      operationId: 'previewDeviceYear',
      summary: "A year of what a light point's group has it run, at the light point's own place, hour by hour",
      description:
        "Its group's calendar or program as the light point would store it, at the latitude and longitude it reported and in the IANA time zone it reports (`timezone`). `409 DEVICE_WITHOUT_PLACE` until it has reported both; `409 NOT_A_LIGHT_POINT` for a cabinet controller.",
      roles: viewGroups,
      id: { description: 'Device id' },
      query: DevicePreviewQuerySchema,
      response: { component: 'YearPreview', schema: YearPreviewSchema },
      errors: [409],
      handler: ({ user, id, query }) => estimates.previewDevice(user, id, query),
    }),
    defineRoute({
      method: 'get',
      path: '/groups/:id/energy-estimate',
      operationId: 'estimateGroupEnergy',
      summary: "A year of the group's schedule in energy, cost and savings against burning fully on from dusk to dawn",
      description: `For the sum of its light points' rated powers (\`maxPower\`; those without one are left out and counted in \`withoutPower\`), power taken as proportional to the level. \`pricePerKWh\` defaults to ${ENERGY_PRICE_PER_KWH_DEFAULT}, in no currency. The place is the query's (latitude, longitude and timezone together) or else where the light points stand: the time zone most report, the median of their coordinates. \`409 GROUP_WITHOUT_PLACE\` when none has reported a position and time zone.`,
      roles: viewScheduling,
      id: { description: 'Group id' },
      query: EnergyEstimateQuerySchema,
      response: { component: 'GroupEnergyEstimate', schema: GroupEnergyEstimateSchema },
      errors: [409],
      handler: ({ user, id, query }) => estimates.energy(user, id, query),
    }),
  ];
}

import { z } from 'zod';
import { TimeZoneSchema } from './primitives';

/**
 * The what-if energy of a group's schedule before it is applied (`GET /v1/groups/{id}/energy-estimate`),
 * and the year preview of one light point (`GET /v1/devices/{id}/schedule/preview`).
 */

/** The price per kWh an estimate assumes when none is asked for; in no currency, as the figures are. */
export const ENERGY_PRICE_PER_KWH_DEFAULT = 0.2;

const year = z.coerce.number().int().min(2000).max(2100);

/** Which year of one light point's schedule to preview: the place is the device's own. */
export const DevicePreviewQuerySchema = z.strictObject({ year });
export type DevicePreviewQuery = z.infer<typeof DevicePreviewQuerySchema>;

/**
 * The year and price of an estimate and, optionally, the place it is computed at (all three of
 * latitude, longitude and time zone, or none: then the group's light points say where).
 */
export const EnergyEstimateQuerySchema = z
  .strictObject({
    year,
    pricePerKWh: z.coerce.number().min(0).max(1000).default(ENERGY_PRICE_PER_KWH_DEFAULT),
    latitude: z.coerce.number().min(-90).max(90).optional(),
    longitude: z.coerce.number().min(-180).max(180).optional(),
    timezone: TimeZoneSchema.optional(),
  })
  .superRefine((query, ctx) => {
    const given = [query.latitude, query.longitude, query.timezone].filter((value) => value !== undefined).length;
    if (given === 1 || given === 2) {
      ctx.addIssue({
        code: 'custom',
        path: [query.latitude === undefined ? 'latitude' : query.longitude === undefined ? 'longitude' : 'timezone'],
        message: 'Give latitude, longitude and timezone together, or none of them',
      });
    }
  });
export type EnergyEstimateQuery = z.infer<typeof EnergyEstimateQuerySchema>;

/** Where an estimate was computed: asked for in the query, or the group's light points' own place. */
export const EstimatePlaceSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  timezone: z.string(),
  from: z.enum(['query', 'members']),
});

/**
 * A year of a group's schedule in energy and money: light at level L draws L % of rated power;
 * the baseline burns fully on (100 %) from sunset to sunrise. Rated powers are the light points'
 * reported `maxPower`; those that have reported none are left out of every figure and counted in
 * `withoutPower`.
 *
 * @example
 * { "groupId": "…", "year": 2027, "pricePerKWh": 0.2, "lightPoints": 12, "withoutPower": 1,
 *   "ratedPowerW": 880, "energyKWh": 1820.4, "baselineKWh": 3854.1, "savedPercent": 52.8, … }
 */
export const GroupEnergyEstimateSchema = z.object({
  groupId: z.uuid(),
  year: z.number().int(),
  pricePerKWh: z.number().min(0),
  place: EstimatePlaceSchema,
  /** The group's light points (cabinet controllers run outputs, not the schedule). */
  lightPoints: z.number().int().min(0),
  /** Light points with no reported rated power: not counted in any figure. */
  withoutPower: z.number().int().min(0),
  /** The counted light points' rated powers, summed (W). */
  ratedPowerW: z.number().min(0),
  /** Hours lit in the year, and the year's light as hours at full level. */
  burnHours: z.number().min(0),
  fullLoadHours: z.number().min(0),
  /** Hours between sunset and sunrise in the year. */
  nightHours: z.number().min(0),
  energyKWh: z.number().min(0),
  cost: z.number().min(0),
  baselineKWh: z.number().min(0),
  baselineCost: z.number().min(0),
  /** Negative when the schedule burns more than dusk to dawn at 100 % (lit by day). */
  savedKWh: z.number(),
  savedCost: z.number(),
  savedPercent: z.number(),
  /**
   * What the year at that place shows before anything is sent (spec §5): days lit by day (rules
   * between sunrise and sunset are not allowed), days with a dark moment after sunset, days never
   * off, polar days, and starts a daylight-saving change moves.
   */
  checks: z.object({
    daylightBurnDays: z.number().int().min(0),
    darkAfterSunsetDays: z.number().int().min(0),
    neverOffDays: z.number().int().min(0),
    polarDays: z.number().int().min(0),
    clockShifts: z.array(
      z.object({ date: z.iso.date(), start: z.string(), kind: z.enum(['skipped', 'repeated']), runsAt: z.string() }),
    ),
  }),
});
export type GroupEnergyEstimate = z.infer<typeof GroupEnergyEstimateSchema>;

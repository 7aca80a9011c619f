import { z } from 'zod';
import { ASTRO_OFFSET_LIMIT_MINUTES, ReportedCabinetConfigurationSchema } from './cabinet-config';
import { OperateModeSchema, OutputModeSchema } from './modes';
import { IsoDateTimeSchema, text } from './primitives';
import { MAX_FIXED_SCHEDULE_RULES } from './vendors';

const number = (min: number, max: number) => z.number().min(min).max(max);

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:mm');

/** Spec §5's message for a fixed schedule whose rules are out of order. */
export const FIXED_SCHEDULE_INVALID_MESSAGE = 'Time scheduling rules configuration not valid';

/**
 * Whether fixed-schedule rules are well formed (spec §5, §9): the first at 00:00, since it gives the
 * state from midnight, and each later one strictly after the one before.
 *
 * @example
 * isValidFixedSchedule([{ time: '00:00', dimming: 0 }, { time: '18:30', dimming: 100 }]); // true
 * isValidFixedSchedule([{ time: '18:30', dimming: 100 }]); // false: nothing from 00:00
 */
export function isValidFixedSchedule(rules: readonly { time: string }[]): boolean {
  return rules[0]?.time === '00:00' && rules.every((rule, i) => i === 0 || rule.time > (rules[i - 1]?.time ?? ''));
}

/**
 * One rule of a cabinet output's fixed schedule: from `time` (HH:mm, the cabinet's local time) on,
 * the output dims to `dimming` %, and is on while that is above 0.
 */
export const FixedScheduleRuleSchema = z.strictObject({ time: hhmm, dimming: z.number().int().min(0).max(100) });
export type FixedScheduleRule = z.infer<typeof FixedScheduleRuleSchema>;

/**
 * A cabinet output's fixed rules: well formed (`isValidFixedSchedule`) and no more than the larger
 * family holds; whether the device's own family holds them is `fixedScheduleLimitExceeded`.
 *
 * @example
 * FixedScheduleRulesSchema.parse([{ time: '00:00', dimming: 0 }, { time: '19:00', dimming: 100 }]);
 */
export const FixedScheduleRulesSchema = z
  .array(FixedScheduleRuleSchema)
  .min(1)
  .max(Math.max(...Object.values(MAX_FIXED_SCHEDULE_RULES)))
  .refine(isValidFixedSchedule, FIXED_SCHEDULE_INVALID_MESSAGE);

const astroOffset = z.number().int().min(-ASTRO_OFFSET_LIMIT_MINUTES).max(ASTRO_OFFSET_LIMIT_MINUTES);

/**
 * The schedule a cabinet output follows when nobody overrides it (spec §3): fixed rules (mode 1,
 * User), or sunset to sunrise shifted by offsets in minutes (mode 0, Astro), the offsets it runs
 * whether they are its own (`createAstroCalendar` with `output`) or the cabinet's configuration's.
 *
 * @example
 * OutputScheduleSchema.parse({ kind: 'fixed', rules: [{ time: '00:00', dimming: 0 }, { time: '19:30', dimming: 100 }] });
 * OutputScheduleSchema.parse({ kind: 'astro', sunriseOffsetMinutes: -10, sunsetOffsetMinutes: 15 });
 */
export const OutputScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), rules: FixedScheduleRulesSchema }),
  z.object({ kind: z.literal('astro'), sunriseOffsetMinutes: astroOffset, sunsetOffsetMinutes: astroOffset }),
]);
export type OutputSchedule = z.infer<typeof OutputScheduleSchema>;

/**
 * One cabinet controller output as reported in the `outputs` attribute: with its metering, the
 * power (W) of the circuit it feeds and the energy (kWh) that circuit has drawn; the schedule it
 * runs; and, while it is manual (mode 2), until when (`manualUntil`, at most 6 hours after the switch).
 */
export const OutputStateSchema = z.object({
  index: z.number().int().min(1).max(16),
  on: z.boolean(),
  mode: OutputModeSchema.optional(),
  activePower: z.number().min(0).max(1e6).optional(),
  activeEnergy: z.number().min(0).max(1e9).optional(),
  schedule: OutputScheduleSchema.optional(),
  manualUntil: IsoDateTimeSchema.optional(),
});
export type OutputState = z.infer<typeof OutputStateSchema>;

/** Today's sunrise and sunset at the device (`astronomicalInfo`). */
export const AstronomicalInfoSchema = z.object({ sunrise: IsoDateTimeSchema, sunset: IsoDateTimeSchema });

interface AttributeMeta {
  schema: z.ZodType;
  /** SI unit or symbol shown beside the value; absent for text, flags and codes. */
  unit?: string;
}

/**
 * Every device attribute, spelt as the product names it (spec §3), with its unit and range.
 * Light points also report the driver's output voltage and current, the real dimmer value
 * (`dimmer`, beside the commanded `dimming`) and their timezone, and of their GPS fix the
 * altitude, the satellites in view (a count, no unit) and the time of the fix (`gpsTime`).
 */
export const ATTRIBUTES = {
  estimatedTotalActiveEnergy: { schema: number(0, 1e9), unit: 'kWh' },
  current: { schema: number(0, 2000), unit: 'A' },
  dimming: { schema: z.number().int().min(0).max(100), unit: '%' },
  dimmer: { schema: number(0, 100), unit: '%' },
  latitude: { schema: number(-90, 90), unit: '°' },
  longitude: { schema: number(-180, 180), unit: '°' },
  xAxis: { schema: number(-16, 16), unit: 'g' },
  yAxis: { schema: number(-16, 16), unit: 'g' },
  zAxis: { schema: number(-16, 16), unit: 'g' },
  instantaneousActivePower: { schema: number(0, 1e6), unit: 'W' },
  voltage: { schema: number(0, 1000), unit: 'V' },
  lifetime: { schema: number(0, 1e6), unit: 'h' },
  apn: { schema: text().max(100) },
  ipAddresses: { schema: z.array(text().max(64)).max(8) },
  firmwareVersion: { schema: text().min(1).max(40) },
  modelNumber: { schema: text().min(1).max(60) },
  uncertainty: { schema: number(0, 1e5), unit: 'm' },
  operateMode: { schema: OperateModeSchema },
  powerFactor: { schema: number(-1, 1) },
  instantaneousReactivePower: { schema: number(-1e6, 1e6), unit: 'var' },
  signalStrength: { schema: number(-150, 0), unit: 'dBm' },
  identifiedLuminaireType: { schema: text().max(60) },
  minPower: { schema: number(0, 1e6), unit: 'W' },
  maxPower: { schema: number(0, 1e6), unit: 'W' },
  remoteManagementEnabled: { schema: z.boolean() },
  astronomicalInfo: { schema: AstronomicalInfoSchema },
  outputs: { schema: z.array(OutputStateSchema).max(16) },
  poweredOn: { schema: z.boolean() },
  networkConnectionTime: { schema: IsoDateTimeSchema },
  connectionTime: { schema: IsoDateTimeSchema },
  estimatedCumulativePower: { schema: number(0, 1e12), unit: 'Wh' },
  estimatedOperatingHours: { schema: number(0, 1e6), unit: 'h' },
  registrationUpdateTrigger: { schema: z.number().int().min(0) },
  estimatedOperatingMinutes: { schema: number(0, 6e7), unit: 'min' },
  totalActiveEnergy: { schema: number(0, 1e9), unit: 'kWh' },
  operatingHours: { schema: number(0, 1e6), unit: 'h' },
  cellId: { schema: text().max(40) },
  connected: { schema: z.boolean() },
  shouldBeConnectedByGroup: { schema: z.boolean() },
  driverOutputVoltage: { schema: number(0, 1000), unit: 'V' },
  driverOutputCurrent: { schema: number(0, 100), unit: 'A' },
  timezone: { schema: text().min(1).max(64) },
  configuration: { schema: ReportedCabinetConfigurationSchema },
  altitude: { schema: number(-500, 10_000), unit: 'm' },
  satellites: { schema: z.number().int().min(0).max(64) },
  gpsTime: { schema: IsoDateTimeSchema },
} satisfies Record<string, AttributeMeta>;

export type AttributeKey = keyof typeof ATTRIBUTES;
export const ATTRIBUTE_KEYS = Object.keys(ATTRIBUTES) as AttributeKey[];
export const AttributeKeySchema = z.enum(ATTRIBUTE_KEYS as [AttributeKey, ...AttributeKey[]]);

type AttributeShape = { [K in AttributeKey]: z.ZodOptional<(typeof ATTRIBUTES)[K]['schema']> };

/**
 * A set of attribute values, as a device reports them or the server holds them. Every key is
 * optional; an unknown key or an out-of-range value fails with an issue at that key's path.
 *
 * @example
 * AttributeValuesSchema.parse({ dimming: 70, poweredOn: true });
 * AttributeValuesSchema.safeParse({ dimming: 170 }).error?.issues[0]?.path; // ['dimming']
 */
export const AttributeValuesSchema = z.strictObject(
  Object.fromEntries(ATTRIBUTE_KEYS.map((key) => [key, ATTRIBUTES[key].schema.optional()])) as AttributeShape,
);
export type AttributeValues = z.infer<typeof AttributeValuesSchema>;

/** The unit of an attribute, or undefined when it has none. */
export function attributeUnit(key: AttributeKey): string | undefined {
  const meta: AttributeMeta = ATTRIBUTES[key];
  return meta.unit;
}

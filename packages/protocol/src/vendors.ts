import { z } from 'zod';

/** The two device kinds (spec §1). */
export const DeviceTypeSchema = z.enum(['light-point-controller', 'cabinet-controller']);
export type DeviceType = z.infer<typeof DeviceTypeSchema>;

/**
 * Vendor families. Their devices speak the same MQTT topics but support different command
 * sets and alarms, so a bulk action may never mix them ('Selected items are incompatible').
 */
export const VendorSchema = z.enum(['orion', 'vega']);
export type Vendor = z.infer<typeof VendorSchema>;

/** Display names of the vendor families (proper nouns: not translated). */
export const VENDOR_LABELS: Record<Vendor, string> = { orion: 'Orion', vega: 'Vega' };

/** Maximum fixed-schedule rules of a cabinet controller output, per family (spec §9). */
export const MAX_FIXED_SCHEDULE_RULES: Record<Vendor, number> = { orion: 6, vega: 4 };

/**
 * What a light point of each family can hold of a schedule (`setSchedule`): rules in its calendar
 * (the compiled default-program rule included), control programs, intervals in one program. Orion
 * holds the protocol's bounds (`SCHEDULE_LIMITS`); Vega's smaller memory holds less. The server
 * checks them before anything is sent; the device refuses more with `NOT_ACCEPTABLE`.
 */
export const LIGHT_POINT_SCHEDULE_LIMITS: Record<
  Vendor,
  { rules: number; programs: number; intervalsPerProgram: number }
> = {
  orion: { rules: 50, programs: 20, intervalsPerProgram: 24 },
  vega: { rules: 16, programs: 8, intervalsPerProgram: 12 },
};

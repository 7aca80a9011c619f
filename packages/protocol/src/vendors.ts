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

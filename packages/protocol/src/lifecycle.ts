import { z } from 'zod';

/** Device lifecycle statuses (spec §4). `provisioned` is in inventory; `ready` is in operation. */
export const DeviceStatusSchema = z.enum([
  'provisioned',
  'preinstallation',
  'installation',
  'ready',
  'revision',
  'maintenance',
  'retired',
  'bound',
]);
export type DeviceStatus = z.infer<typeof DeviceStatusSchema>;
export const DEVICE_STATUSES = DeviceStatusSchema.options;

/** Installation runs these steps in order (spec §4). */
export const InstallationStepSchema = z.enum([
  'prepare',
  'powerTest',
  'identify',
  'powerLimit',
  'checkCapabilities',
  'validate',
  'locate',
]);
export type InstallationStep = z.infer<typeof InstallationStepSchema>;

/** Statuses that show a banner on the device (spec §4). */
export const BANNER_STATUSES: readonly DeviceStatus[] = ['preinstallation', 'installation', 'revision'];

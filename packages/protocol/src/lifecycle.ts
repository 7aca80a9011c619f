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
export const INSTALLATION_STEPS = InstallationStepSchema.options;

/**
 * Why an installation fails (spec §4), as a device reports it; each is an error code of the
 * catalogue with its message. The first three are passing faults that the device retries, up to
 * its maximum of attempts (`INSTALLATION_MAX_ATTEMPTS_REACHED`); the power ones are measurements
 * of the luminaire and end the installation at once.
 */
export const InstallationFailureSchema = z.enum([
  'INSTALLATION_ERROR',
  'INSTALLATION_NOT_COMPLETED',
  'INSTALLATION_UNKNOWN_ERROR',
  'INSTALLATION_MIN_POWER_NOT_REACHED',
  'INSTALLATION_POWER_RANGE_NOT_REACHED',
  'INSTALLATION_MAX_ATTEMPTS_REACHED',
]);
export type InstallationFailure = z.infer<typeof InstallationFailureSchema>;

/** Attempts a device makes at most when `install` does not say; the specification does not give it. */
export const DEFAULT_INSTALLATION_ATTEMPTS = 3;
export const MAX_INSTALLATION_ATTEMPTS = 10;

/** Statuses that show a banner on the device (spec §4). */
export const BANNER_STATUSES: readonly DeviceStatus[] = ['preinstallation', 'installation', 'revision'];

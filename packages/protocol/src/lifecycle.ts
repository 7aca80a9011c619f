import { z } from 'zod';
import { ErrorCodeSchema } from './errors';
import { IsoDateTimeSchema } from './primitives';

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

/**
 * Why a device's last installation ended without putting it in operation, and when: the error code
 * its `install` request ended with (one of `InstallationFailureSchema`, or the queue's own:
 * `REQUEST_TIMED_OUT` for a device that never answered, `REQUEST_CANCELED` when someone cancelled
 * it). The device stays `installation` until someone retries (`retryInstallation`) or moves it out;
 * both clear the failure.
 *
 * @example
 * { "code": "INSTALLATION_MIN_POWER_NOT_REACHED", "at": "2026-03-02T10:15:00.000Z" }
 */
export const InstallationFailureRecordSchema = z.object({ code: ErrorCodeSchema, at: IsoDateTimeSchema });
export type InstallationFailureRecord = z.infer<typeof InstallationFailureRecordSchema>;

/** Statuses that show a banner on the device (spec §4). */
export const BANNER_STATUSES: readonly DeviceStatus[] = ['preinstallation', 'installation', 'revision'];

/** The status actions of spec §4 ('Send to installation', 'Send to revision', …). */
export const LifecycleActionSchema = z.enum([
  'sendToInstallation',
  'retryInstallation',
  'sendToRevision',
  'sendToMaintenance',
  'sendToRetired',
]);
export type LifecycleAction = z.infer<typeof LifecycleActionSchema>;
export const LIFECYCLE_ACTIONS = LifecycleActionSchema.options;

/** Where a status action leads, from which statuses, and whether only after a failed installation. */
export interface LifecycleMove {
  to: DeviceStatus;
  from: readonly DeviceStatus[];
  /** Only a device whose installation failed (`installationFailure` set) may take it. */
  afterFailedInstallation?: true;
}

/**
 * Where each status action leads and from which statuses it may start; the server refuses any
 * other move with `INVALID_LIFECYCLE_TRANSITION` (details `{ from, to }`).
 *
 * The other moves are the server's own: a `provisioned` device that registers (announces itself
 * over MQTT for the first time) becomes `ready`; `sendToInstallation` queues the device's `install`
 * command, and when that request ends DONE the device becomes `ready`. When it ends otherwise the
 * device stays in `installation` with its `installationFailure` recorded: `retryInstallation`
 * queues `install` again, and `sendToRevision` (or `sendToRetired`) takes it out, cancelling an
 * installation still running. `preinstallation` and `bound` are left to imports (a device imported
 * before it is mounted); no server move sets them today.
 *
 * @example
 * lifecycleTarget('sendToRevision', 'ready'); // 'revision'
 * lifecycleTarget('sendToMaintenance', 'provisioned'); // null: not allowed
 * lifecycleTarget('retryInstallation', 'installation'); // null: nothing failed
 * lifecycleTarget('retryInstallation', 'installation', true); // 'installation'
 */
export const LIFECYCLE_MOVES: Record<LifecycleAction, LifecycleMove> = {
  sendToInstallation: { to: 'installation', from: ['provisioned', 'preinstallation', 'revision', 'maintenance'] },
  retryInstallation: { to: 'installation', from: ['installation'], afterFailedInstallation: true },
  sendToRevision: { to: 'revision', from: ['ready', 'maintenance', 'installation'] },
  sendToMaintenance: { to: 'maintenance', from: ['ready', 'revision'] },
  sendToRetired: { to: 'retired', from: DEVICE_STATUSES.filter((status) => status !== 'retired') },
};

/**
 * The status a lifecycle action moves a device in `from` to, or null when the move is not allowed;
 * `installationFailed` says whether the device's last installation failed.
 */
export function lifecycleTarget(
  action: LifecycleAction,
  from: DeviceStatus,
  installationFailed = false,
): DeviceStatus | null {
  const move = LIFECYCLE_MOVES[action];
  if (move.afterFailedInstallation && !installationFailed) return null;
  return move.from.includes(from) ? move.to : null;
}

/**
 * The inventory lists (spec §2 'Inventory and Maintenance lists'): `inventory` holds devices not
 * installed yet (`provisioned`, `preinstallation`); `maintenance` those on revision or in maintenance.
 */
export const DeviceListKindSchema = z.enum(['inventory', 'maintenance']);
export type DeviceListKind = z.infer<typeof DeviceListKindSchema>;
export const DEVICE_LIST_STATUSES: Record<DeviceListKind, readonly DeviceStatus[]> = {
  inventory: ['provisioned', 'preinstallation'],
  maintenance: ['revision', 'maintenance'],
};

/** `POST /devices/{id}/lifecycle`: one status action on one device (bulk: `POST /bulk-actions`). */
export const LifecycleMoveRequestSchema = z.strictObject({ action: LifecycleActionSchema });
export type LifecycleMoveRequest = z.infer<typeof LifecycleMoveRequestSchema>;

/** `POST /devices/{id}/disable`: permanent, so the caller must tick 'I understand the consequences of this action'. */
export const DisableDeviceRequestSchema = z.strictObject({ consequencesAccepted: z.literal(true) });
export type DisableDeviceRequest = z.infer<typeof DisableDeviceRequestSchema>;

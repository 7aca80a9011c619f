import type { Device, DeviceLifecycleChanged, DeviceStatus, DeviceType } from '@farola/protocol';

/** Translation keys (namespace 'device') of the protocol's enum values. */
export const DEVICE_TYPE_KEYS: Record<DeviceType, string> = {
  'light-point-controller': 'deviceType.lightPoint',
  'cabinet-controller': 'deviceType.cabinet',
};

export const DEVICE_STATUS_KEYS: Record<DeviceStatus, string> = {
  provisioned: 'status.provisioned',
  preinstallation: 'status.preinstallation',
  installation: 'status.installation',
  ready: 'status.ready',
  revision: 'status.revision',
  maintenance: 'status.maintenance',
  retired: 'status.retired',
  bound: 'status.bound',
};

/** Banner texts: provisioned devices are not installed yet (spec §4); the others say their step. */
export const BANNER_KEYS: Partial<Record<DeviceStatus, string>> = {
  provisioned: 'banner.notInstalled',
  preinstallation: 'banner.preinstallation',
  installation: 'banner.installation',
  revision: 'banner.revision',
};

/** A device whose last installation failed, waiting for a retry or a way out. */
export const installationFailed = (device: Pick<Device, 'status' | 'installationFailure'>) =>
  device.status === 'installation' && device.installationFailure !== null;

/** The status a device shows: its lifecycle status, or 'Installation failed' while its failed installation waits. */
export function deviceStatusKey(device: Pick<Device, 'status' | 'installationFailure'>): string {
  return installationFailed(device) ? 'status.installationFailed' : DEVICE_STATUS_KEYS[device.status];
}

/** The banner a device shows (spec §4) and how loud, or null: a failed installation is an error. */
export function deviceBanner(
  device: Pick<Device, 'status' | 'installationFailure'>,
): { key: string; intent: 'warning' | 'error' } | null {
  if (installationFailed(device)) return { key: 'banner.installationFailed', intent: 'error' };
  const key = BANNER_KEYS[device.status];
  return key ? { key, intent: 'warning' } : null;
}

/**
 * A device after a lifecycle change pushed for it: its status, and the installation date and
 * failure when the change set them (a reset, a failure, a retry).
 */
export function withLifecycleChange<
  D extends Pick<Device, 'status' | 'disabled' | 'installationDate' | 'installationFailure'>,
>(device: D, change: Pick<DeviceLifecycleChanged, 'to' | 'disabled' | 'installationDate' | 'installationFailure'>): D {
  const { to, disabled, installationDate, installationFailure } = change;
  return {
    ...device,
    status: to,
    disabled,
    ...(installationDate === undefined ? {} : { installationDate }),
    ...(installationFailure === undefined ? {} : { installationFailure }),
  };
}

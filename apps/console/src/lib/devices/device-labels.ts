import type { DeviceStatus, DeviceType } from '@farola/protocol';

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

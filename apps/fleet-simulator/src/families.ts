import type { DeviceType, Vendor } from '@farola/protocol';

/** What differs between the two vendor families' hardware, as the simulator models it. */
export interface FamilyProfile {
  /** Serial number segment: SIM-OR-LP-000001. */
  code: string;
  models: Record<DeviceType, readonly string[]>;
  /** Firmware releases, oldest first; devices start on one of the last few. */
  firmware: Record<DeviceType, readonly string[]>;
  apn: string;
  /** IMEI type allocation code of the light point's modem (first 8 of 15 digits). */
  imeiTac: string;
}

export const FAMILIES: Record<Vendor, FamilyProfile> = {
  orion: {
    code: 'OR',
    models: {
      'light-point-controller': ['ORN-LPC-200', 'ORN-LPC-210', 'ORN-LPC-300N'],
      'cabinet-controller': ['ORN-CCU-4', 'ORN-CCU-4E'],
    },
    firmware: {
      'light-point-controller': ['3.4.0', '3.5.2', '3.6.1', '3.7.0'],
      'cabinet-controller': ['5.1.3', '5.2.0', '5.3.1'],
    },
    apn: 'iot.orion-lighting.net',
    imeiTac: '35693803',
  },
  vega: {
    code: 'VE',
    models: {
      'light-point-controller': ['VG-NEMA7-L', 'VG-ZHAGA-2'],
      'cabinet-controller': ['VG-CAB-20', 'VG-CAB-40'],
    },
    firmware: {
      'light-point-controller': ['1.18.4', '1.19.0', '2.0.3'],
      'cabinet-controller': ['7.0.9', '7.1.2'],
    },
    apn: 'm2m.vega.iot',
    imeiTac: '86753104',
  },
};

/** `2.0.3` → `2.1.0`: what an upgrade without an explicit version installs. */
export function nextMinorVersion(version: string): string {
  const [major = '0', minor = '0'] = version.split('.');
  const nextMinor = Number.parseInt(minor, 10);
  return `${major}.${Number.isFinite(nextMinor) ? nextMinor + 1 : 1}.0`;
}

import type { AttributeValues, DeviceRegistration } from '@farola/protocol';
import { advanceCabinet, cabinetFullValues, cabinetLiveValues } from './cabinet';
import type { DeviceSpec } from './device-spec';
import type { SimDevice } from './device-state';
import { advanceLightPoint } from './light-point';
import { lightPointChangeValues, lightPointFullValues, lightPointLiveValues } from './light-point-values';

/** Brings the device's meters up to `nowMs`, a moment of simulated time. */
export function advanceDevice(device: SimDevice, nowMs: number): void {
  if (device.kind === 'light-point') advanceLightPoint(device, nowMs);
  else advanceCabinet(device, nowMs);
}

export function liveValues(device: SimDevice, nowMs: number): AttributeValues {
  return device.kind === 'light-point' ? lightPointLiveValues(device) : cabinetLiveValues(device, nowMs);
}

export function fullValues(device: SimDevice, nowMs: number): AttributeValues {
  return device.kind === 'light-point' ? lightPointFullValues(device, nowMs) : cabinetFullValues(device, nowMs);
}

/** After a command: the values it may have changed, with the firmware version. */
export function changeValues(device: SimDevice, nowMs: number): AttributeValues {
  if (device.kind === 'light-point') return lightPointChangeValues(device);
  return {
    ...cabinetLiveValues(device, nowMs),
    firmwareVersion: device.firmwareVersion,
    remoteManagementEnabled: device.remoteManagementDisabled !== true,
  };
}

/** What the device announces on connect so that the server can register an unknown serial. */
export function registrationOf(spec: DeviceSpec, firmwareVersion: string): DeviceRegistration {
  return {
    deviceType: spec.deviceType,
    vendor: spec.vendor,
    name: spec.name,
    modelNumber: spec.modelNumber,
    firmwareVersion,
    ...(spec.imei === undefined ? {} : { imei: spec.imei }),
    ...(spec.ip === undefined ? {} : { ip: spec.ip }),
    projectId: spec.projectId,
    latitude: spec.latitude,
    longitude: spec.longitude,
    // The day commissioning on site recorded: the server dates the device's installation by it.
    installationDate: spec.installationDate,
  };
}

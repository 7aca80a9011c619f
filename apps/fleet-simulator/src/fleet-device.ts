import type {
  AttributeValues,
  DeviceType,
  UpAlarmMessage,
  UpAttributesMessage,
  UpConnectionMessage,
  Vendor,
} from '@farola/protocol';
import { topics } from '@farola/protocol';
import { createCabinet } from './cabinet';
import type { InjectedFailures } from './control/command-failures';
import type { SimClock } from './clock';
import { advanceDevice, changeValues, fullValues, liveValues, registrationOf } from './device';
import type { DeviceSpec } from './device-spec';
import type { SimDevice } from './device-state';
import { type FaultRates, uniformFaultRates } from './light-faults';
import { createLightPoint } from './light-point';
import type { MqttLink } from './link';
import { seededRandom } from './random';
import { noteReported, type ReportedSwitching } from './switching-state';

/** What the fleet tells its callers about each device. */
export interface FleetDeviceInfo {
  serialNumber: string;
  deviceType: DeviceType;
  vendor: Vendor;
  latitude: number;
  longitude: number;
  projectId: string;
}

/** A simulated device bound to the MQTT link that carries it, with what it last reported of its switching. */
export interface FleetDevice extends ReportedSwitching, InjectedFailures {
  device: SimDevice;
  link: MqttLink;
  /** False while the device reboots; it neither reports nor answers then. */
  online: boolean;
  /** True while a device on a shared gateway reboots: a reconnection of the gateway must not bring it back early. */
  rebooting: boolean;
  reports: number;
  /** A cabinet that rebooted reports a deviceReset alarm once it is back. */
  resetPending: boolean;
  /** Set by a reboot: the device attaches to the mobile network anew when it is back. */
  reattachPending?: boolean;
}

/** A device bound to its link, not yet online and with nothing reported. */
export function bindDevice(device: SimDevice, link: MqttLink): FleetDevice {
  return {
    device,
    link,
    online: false,
    rebooting: false,
    reports: 0,
    resetPending: false,
    reportedSwitching: -1,
    reportedDimming: -1,
    switchOnReports: 0,
  };
}

/** Every FULL_REPORT_EVERY-th report carries identity, position and orientation too. */
const FULL_REPORT_EVERY = 6;

/**
 * Builds the devices of a layout and wires light points to the cabinets that feed them. Light
 * points fail spontaneously at `faultRates` (none unless given: tests opt in).
 */
export function createDevices(
  specs: readonly DeviceSpec[],
  nowMs: number,
  seed: string,
  faultRates: FaultRates = uniformFaultRates(0),
): SimDevice[] {
  const devices = specs.map((spec) => {
    // Each device draws from its own stream, so its behaviour does not depend on the others' timing.
    const random = seededRandom(`${seed}:${spec.serialNumber}`);
    return spec.deviceType === 'light-point-controller'
      ? createLightPoint(spec, nowMs, random, faultRates)
      : createCabinet(spec, nowMs, random);
  });
  const cabinets = new Map(devices.flatMap((d) => (d.kind === 'cabinet' ? [[d.spec.serialNumber, d] as const] : [])));
  for (const device of devices) {
    if (device.kind !== 'light-point' || device.spec.cabinetSerial === undefined) continue;
    const cabinet = cabinets.get(device.spec.cabinetSerial);
    if (!cabinet) continue;
    device.cabinet = cabinet;
    cabinet.lightPoints.push(device);
  }
  return devices;
}

export function infoOf({ spec }: SimDevice): FleetDeviceInfo {
  const { serialNumber, deviceType, vendor, latitude, longitude, projectId } = spec;
  return { serialNumber, deviceType, vendor, latitude, longitude, projectId };
}

export function announce(entry: FleetDevice, connected: boolean): void {
  const { spec, firmwareVersion } = entry.device;
  const message: UpConnectionMessage = connected
    ? { connected, ts: new Date().toISOString(), registration: registrationOf(spec, firmwareVersion) }
    : { connected, ts: new Date().toISOString() };
  entry.link.publish(topics.up(spec.serialNumber, 'connection'), message, true);
}

export function farewellOf(entry: FleetDevice): { topic: string; message: UpConnectionMessage } {
  return {
    topic: topics.up(entry.device.spec.serialNumber, 'connection'),
    message: { connected: false, ts: new Date().toISOString() },
  };
}

/**
 * Brings the device's meters up to the simulated now, then publishes the values `valuesOf` picks on
 * `up/attributes`, stamped with the wall-clock time they are sent.
 */
function publishAttributes(
  entry: FleetDevice,
  clock: SimClock,
  valuesOf: (device: SimDevice, nowMs: number) => AttributeValues,
): void {
  const now = clock.now();
  advanceDevice(entry.device, now);
  noteReported(entry, now);
  const message: UpAttributesMessage = { ts: new Date().toISOString(), values: valuesOf(entry.device, now) };
  entry.link.publish(topics.up(entry.device.spec.serialNumber, 'attributes'), message);
}

/** A periodic report: full every few reports, else the live electrical and switching values. */
export function report(entry: FleetDevice, clock: SimClock, forceFull = false): void {
  const full = forceFull || entry.reports % FULL_REPORT_EVERY === 0;
  publishAttributes(entry, clock, full ? fullValues : liveValues);
  entry.reports += 1;
}

/** After a command or a change of state: the values that may have changed, right away. */
export function publishChanges(entry: FleetDevice, clock: SimClock): void {
  publishAttributes(entry, clock, changeValues);
}

export function raiseAlarm(entry: FleetDevice, type: UpAlarmMessage['type'], active: boolean): void {
  const message: UpAlarmMessage = { ts: new Date().toISOString(), type, active };
  entry.link.publish(topics.up(entry.device.spec.serialNumber, 'alarms'), message);
}

import type { GatewayConnectionMessage, UpAttributesMessage, UpConnectionMessage } from '@farola/protocol';
import { type DeviceMessage, type DeviceMessageHandlers, MessageRejection } from '../../device-link/router';
import type { DeviceEventPublisher } from '../../realtime/device-events';
import type { DeviceIndex } from './device-index';
import type { DeviceIndexEntry } from './device.repository';
import type { DeviceRegistrar } from './registrar';
import type { WriteBehind } from './write-behind';

export interface DeviceIngestDeps {
  index: DeviceIndex;
  registrar: DeviceRegistrar;
  events: DeviceEventPublisher;
  writer: WriteBehind;
  /**
   * A report came from a serial number the server does not know, or from a provisioned device
   * that never registered: its registration may have been missed.
   */
  onUnknownSerial?: (serialNumber: string) => void;
  /** A gateway spoke for devices not provisioned behind it: they were left out. */
  onForeignDevices?: (gatewayId: string, serialNumbers: string[]) => void;
}

/** Device messages the devices module refused for who sent them, by reason (health → `ingestRefused`). */
export interface IngestRefusals {
  /** Registrations of a serial number not provisioned (or provisioned as another kind or family). */
  notProvisioned: number;
  /** Devices a gateway's connection message named that are not provisioned behind it. */
  notBehindGateway: number;
}

/** Calls `then` on the value now, or once the promise resolves: the hot path stays synchronous. */
function after<T>(value: T | Promise<T>, then: (resolved: T) => Promise<void> | void): Promise<void> | void {
  return value instanceof Promise ? value.then(then) : then(value);
}

/**
 * The devices module's share of the device traffic: registration from a first announcement,
 * connection state (a replayed message that changes nothing is dropped; a gateway's will takes
 * its devices offline), and attribute reports, pushed to sockets at once and stored behind.
 */
export class DeviceIngest {
  /**
   * Devices whose gateway dropped (its last will), with the time it did. Their own retained
   * `connected: true`, published through the gateway before it dropped, is stale until the gateway
   * announces itself again; the broker replays it on every (re)subscription.
   */
  private readonly gatewayOutages = new Map<string, string>();
  readonly refusals: IngestRefusals = { notProvisioned: 0, notBehindGateway: 0 };

  constructor(private readonly deps: DeviceIngestDeps) {}

  /** The device a message is from; waits for a registration under way; refuses an unknown serial number. */
  resolve(serialNumber: string): DeviceIndexEntry | Promise<DeviceIndexEntry> {
    const known = this.deps.index.serial(serialNumber);
    if (known) {
      // A disabled device is disconnected for good: nothing it says counts any more.
      if (known.disabled) throw new MessageRejection({ reason: 'device disabled', serialNumber });
      if (known.status === 'provisioned') this.deps.onUnknownSerial?.(serialNumber);
      return known;
    }
    const pending = this.deps.registrar.pending(serialNumber);
    if (pending) return pending.then((device) => device ?? this.unknown(serialNumber));
    return this.unknown(serialNumber);
  }

  private unknown(serialNumber: string): never {
    this.deps.onUnknownSerial?.(serialNumber);
    throw new MessageRejection({ reason: 'unknown serial number', serialNumber });
  }

  handlers(): DeviceMessageHandlers {
    return {
      attributes: ({ serialNumber, message }) =>
        after(this.resolve(serialNumber), (device) => this.attributes(device, message)),
      connection: (message) => this.connectionMessage(message),
      // Alarm handling (monitors, persistence) is a later module; a valid message of a known device is accepted.
      alarms: ({ serialNumber }) => after(this.resolve(serialNumber), () => undefined),
      gatewayConnection: ({ gatewayId, message, receivedAt }) => this.gatewayConnection(gatewayId, message, receivedAt),
    };
  }

  private attributes(device: DeviceIndexEntry, message: UpAttributesMessage): void {
    this.deps.events.publish('DeviceAttributeValueUpdated', {
      deviceId: device.id,
      projectId: device.projectId,
      ts: message.ts,
      values: message.values,
    });
    this.deps.writer.attributesOf(device.id, message.values, message.ts);
  }

  /**
   * A device's connection message. Its first announcement with a registration registers a
   * provisioned device (or one another server replica provisioned); a serial number nobody
   * provisioned is refused, and nothing is created.
   */
  private connectionMessage({ serialNumber, message, receivedAt }: DeviceMessage<'connection'>): Promise<void> | void {
    const known = this.deps.index.serial(serialNumber);
    const registers = message.registration && (!known || known.status === 'provisioned');
    if (registers && !this.deps.registrar.pending(serialNumber))
      return this.register(serialNumber, message, receivedAt);
    return after(this.resolve(serialNumber), (device) =>
      this.connection(device, message.connected, message.ts, receivedAt),
    );
  }

  private async register(serialNumber: string, message: UpConnectionMessage, receivedAt: string): Promise<void> {
    const device = await this.deps.registrar.register(serialNumber, message.registration!);
    if (!device) {
      this.refusals.notProvisioned += 1;
      throw new MessageRejection({ reason: 'not provisioned as announced', serialNumber });
    }
    this.connection(device, message.connected, message.ts, receivedAt);
  }

  /**
   * Publishes and records a connection change. A message repeating the state already known (a
   * retained message replayed on a restart or resubscription) changes nothing and is dropped.
   */
  private connection(device: DeviceIndexEntry, connected: boolean, reported: string | undefined, receivedAt: string) {
    const known = this.deps.index.connection(device.id);
    if (known?.connected === connected) return;
    if (connected) {
      const outage = this.gatewayOutages.get(device.serialNumber);
      if (outage !== undefined && reported !== undefined && reported <= outage) return;
      this.gatewayOutages.delete(device.serialNumber);
    }
    const ts = changeTime(reported, known?.since ?? null, receivedAt);
    this.deps.index.setConnection(device.id, { connected, since: ts });
    this.deps.events.publish('DeviceConnectionStatusUpdated', {
      deviceId: device.id,
      projectId: device.projectId,
      ts,
      connected,
    });
    this.deps.writer.connectionOf(device.id, connected, ts);
  }

  /**
   * A gateway's `connected: false` (its will) takes all its devices offline and makes their older
   * retained announcements stale; its `connected: true` ends that, and its devices announce themselves.
   * A gateway speaks only for the devices provisioned behind it: any other it names is left out.
   */
  private gatewayConnection(gatewayId: string, message: GatewayConnectionMessage, receivedAt: string): void {
    const foreign: string[] = [];
    for (const serial of message.devices) {
      const device = this.deps.index.serial(serial);
      if (device?.gatewayId !== gatewayId) {
        foreign.push(serial);
        continue;
      }
      if (message.connected) {
        this.gatewayOutages.delete(serial);
        continue;
      }
      this.connection(device, false, message.ts, receivedAt);
      this.gatewayOutages.set(serial, message.ts ?? receivedAt);
    }
    if (foreign.length === 0) return;
    this.refusals.notBehindGateway += foreign.length;
    this.deps.onForeignDevices?.(gatewayId, foreign);
  }
}

/**
 * When a connection change happened: as reported, unless the report is absent (a last will) or
 * earlier than the state it ends (a will composed at connect time, a clock behind); then when it
 * arrived. Never earlier than the known state, which the database would keep instead.
 */
function changeTime(reported: string | undefined, since: string | null, receivedAt: string): string {
  const ts = reported === undefined || (since !== null && reported < since) ? receivedAt : reported;
  return since !== null && ts < since ? since : ts;
}

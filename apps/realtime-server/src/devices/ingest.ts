import {
  type GatewayConnectionMessage,
  GatewayConnectionMessageSchema,
  parseTopic,
  toFieldIssues,
  UP_MESSAGE_SCHEMAS,
  type UpAttributesMessage,
  type UpChannel,
  type UpCommandMessage,
  type UpConnectionMessage,
} from '@farola/protocol';
import type { z } from 'zod';
import type { DeviceIndexEntry } from '../repositories/device.repository';
import type { DeviceEventPublisher } from '../realtime/device-events';
import type { DeviceIndex } from './device-index';
import type { RateLimitedWarn } from './ingest-log';
import type { Registrar } from './registrar';
import type { WriteBehind } from './write-behind';

/** Counters exposed by the health endpoint. */
export interface MqttMetrics {
  received: number;
  accepted: number;
  rejected: number;
}

export interface IngestDeps {
  index: DeviceIndex;
  /** Stores devices announced over MQTT (in batches). */
  registrar: Pick<Registrar, 'register'>;
  events: DeviceEventPublisher;
  writer: WriteBehind;
  /** Applies a device's answer to a command; resolves false when the request is unknown. */
  onCommandAnswer: (device: DeviceIndexEntry, message: UpCommandMessage) => Promise<boolean>;
  warn: RateLimitedWarn;
  /** A report came from a serial number the server does not know: its registration may have been missed. */
  onUnknownSerial?: (serialNumber: string) => void;
}

class Rejection extends Error {
  constructor(readonly details: Record<string, unknown>) {
    super('rejected');
  }
}

/**
 * Turns MQTT messages into device state and events. Every message is validated; a bad one is
 * counted and logged, never thrown. Reports go to sockets immediately and to the database behind.
 * Every timestamp is normalised to UTC ISO-8601 with milliseconds, so that later comparisons of
 * timestamps as strings are comparisons of instants.
 */
export class Ingest {
  readonly metrics: MqttMetrics = { received: 0, accepted: 0, rejected: 0 };
  // Messages from a device being registered wait for its registration, so none is lost or reordered.
  private readonly registering = new Map<string, Promise<DeviceIndexEntry>>();
  /**
   * Devices whose gateway dropped (its last will), with the time it did. Their own retained
   * `connected: true`, published through the gateway before it dropped, is stale until the gateway
   * announces itself again; the broker replays it on every (re)subscription.
   */
  private readonly gatewayOutages = new Map<string, string>();

  constructor(private readonly deps: IngestDeps) {}

  handle(topic: string, payload: Buffer): void {
    this.metrics.received += 1;
    try {
      const result = this.dispatch(topic, payload, new Date().toISOString());
      if (result)
        result.then(
          () => this.accept(),
          (error: unknown) => this.reject(topic, error),
        );
      else this.accept();
    } catch (error) {
      this.reject(topic, error);
    }
  }

  private accept(): void {
    this.metrics.accepted += 1;
  }

  private reject(topic: string, error: unknown): void {
    this.metrics.rejected += 1;
    const details = error instanceof Rejection ? error.details : { error: String(error) };
    this.deps.warn.warn({ topic, ...details }, 'rejected MQTT message');
  }

  private dispatch(topic: string, payload: Buffer, receivedAt: string): Promise<void> | void {
    const parsed = parseTopic(topic);
    if (!parsed || parsed.kind === 'device-down') throw new Rejection({ reason: 'unknown topic' });
    if (payload.length === 0) return; // a cleared retained message: nothing to ingest
    const json = parseJson(payload);
    if (parsed.kind === 'gateway-connection') {
      return this.gatewayConnection(normaliseTs(validate(GatewayConnectionMessageSchema, json)), receivedAt);
    }
    return this.deviceMessage(parsed.serialNumber, parsed.channel, json, receivedAt);
  }

  private deviceMessage(serial: string, channel: UpChannel, json: unknown, receivedAt: string): Promise<void> | void {
    const message = normaliseTs(validate(UP_MESSAGE_SCHEMAS[channel], json));
    const known = this.deps.index.serial(serial);
    if (known) return this.apply(known, channel, message, receivedAt);
    const pending = this.registering.get(serial);
    if (pending) return pending.then((device) => this.apply(device, channel, message, receivedAt));
    if (channel === 'connection' && (message as UpConnectionMessage).registration) {
      return this.register(serial, message as UpConnectionMessage, receivedAt);
    }
    this.deps.onUnknownSerial?.(serial);
    throw new Rejection({ reason: 'unknown serial number', serialNumber: serial });
  }

  private apply(
    device: DeviceIndexEntry,
    channel: UpChannel,
    message: unknown,
    receivedAt: string,
  ): Promise<void> | void {
    switch (channel) {
      case 'attributes':
        return this.attributes(device, message as UpAttributesMessage);
      case 'connection': {
        const { connected, ts } = message as UpConnectionMessage;
        return this.connection(device, connected, ts, receivedAt);
      }
      case 'commands':
        return this.deps.onCommandAnswer(device, message as UpCommandMessage).then((known) => {
          if (!known)
            throw new Rejection({ reason: 'unknown request', requestId: (message as UpCommandMessage).requestId });
        });
      case 'alarms':
        // Alarm handling (monitors, persistence) is a later issue; a valid message is accepted as is.
        return;
    }
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
   */
  private gatewayConnection(message: GatewayConnectionMessage, receivedAt: string): void {
    for (const serial of message.devices) {
      const device = this.deps.index.serial(serial);
      if (!device) continue;
      if (message.connected) {
        this.gatewayOutages.delete(serial);
        continue;
      }
      this.connection(device, false, message.ts, receivedAt);
      this.gatewayOutages.set(serial, message.ts ?? receivedAt);
    }
  }

  private async register(serial: string, message: UpConnectionMessage, receivedAt: string): Promise<void> {
    const registration = message.registration!;
    const connection = { connected: message.connected, ts: message.ts ?? receivedAt };
    const registering = this.deps.registrar
      .register(serial, registration, registration.projectId, connection)
      .then((device) => {
        this.deps.index.add(device);
        return device;
      });
    this.registering.set(serial, registering);
    try {
      const device = await registering;
      this.connection(device, message.connected, message.ts, receivedAt);
    } finally {
      this.registering.delete(serial);
    }
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

/** The message with its `ts`, if any, as UTC ISO-8601 with milliseconds, comparable as a string. */
function normaliseTs<T extends { ts?: string | undefined }>(message: T): T {
  return message.ts === undefined ? message : { ...message, ts: new Date(message.ts).toISOString() };
}

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    throw new Rejection({ reason: 'malformed JSON' });
  }
}

function validate<T extends z.ZodType>(schema: T, json: unknown): z.infer<T> {
  const result = schema.safeParse(json);
  if (!result.success) throw new Rejection({ reason: 'schema', issues: toFieldIssues(result.error) });
  return result.data;
}

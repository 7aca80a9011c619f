import {
  DEMO_PROJECT_ID,
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
import type { DeviceIndexEntry, DeviceRepository } from '../repositories/device.repository';
import type { ProjectRepository } from '../repositories/project.repository';
import type { DeviceEventPublisher } from '../realtime/device-events';
import type { DeviceIndex } from './device-index';
import type { RateLimitedWarn } from './ingest-log';
import type { WriteBehind } from './write-behind';

/** Counters exposed by the health endpoint. */
export interface MqttMetrics {
  received: number;
  accepted: number;
  rejected: number;
}

export interface IngestDeps {
  index: DeviceIndex;
  devices: DeviceRepository;
  projects: ProjectRepository;
  events: DeviceEventPublisher;
  writer: WriteBehind;
  /** Applies a device's answer to a command; resolves false when the request is unknown. */
  onCommandAnswer: (device: DeviceIndexEntry, message: UpCommandMessage) => Promise<boolean>;
  warn: RateLimitedWarn;
}

class Rejection extends Error {
  constructor(readonly details: Record<string, unknown>) {
    super('rejected');
  }
}

/**
 * Turns MQTT messages into device state and events. Every message is validated; a bad one is
 * counted and logged, never thrown. Reports go to sockets immediately and to the database behind.
 */
export class Ingest {
  readonly metrics: MqttMetrics = { received: 0, accepted: 0, rejected: 0 };
  // Messages from a device being registered wait for its registration, so none is lost or reordered.
  private readonly registering = new Map<string, Promise<DeviceIndexEntry>>();

  constructor(private readonly deps: IngestDeps) {}

  handle(topic: string, payload: Buffer): void {
    this.metrics.received += 1;
    try {
      const result = this.dispatch(topic, payload);
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

  private dispatch(topic: string, payload: Buffer): Promise<void> | void {
    const parsed = parseTopic(topic);
    if (!parsed || parsed.kind === 'device-down') throw new Rejection({ reason: 'unknown topic' });
    if (payload.length === 0) return; // a cleared retained message: nothing to ingest
    const json = parseJson(payload);
    if (parsed.kind === 'gateway-connection') {
      return this.gatewayConnection(validate(GatewayConnectionMessageSchema, json));
    }
    return this.deviceMessage(parsed.serialNumber, parsed.channel, json);
  }

  private deviceMessage(serial: string, channel: UpChannel, json: unknown): Promise<void> | void {
    const message = validate(UP_MESSAGE_SCHEMAS[channel], json);
    const known = this.deps.index.serial(serial);
    if (known) return this.apply(known, channel, message);
    const pending = this.registering.get(serial);
    if (pending) return pending.then((device) => this.apply(device, channel, message));
    if (channel === 'connection' && (message as UpConnectionMessage).registration) {
      return this.register(serial, message as UpConnectionMessage);
    }
    throw new Rejection({ reason: 'unknown serial number', serialNumber: serial });
  }

  private apply(device: DeviceIndexEntry, channel: UpChannel, message: unknown): Promise<void> | void {
    switch (channel) {
      case 'attributes':
        return this.attributes(device, message as UpAttributesMessage);
      case 'connection':
        return this.connection(device, (message as UpConnectionMessage).connected, (message as UpConnectionMessage).ts);
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

  private connection(device: DeviceIndexEntry, connected: boolean, ts: string): void {
    this.deps.events.publish('DeviceConnectionStatusUpdated', {
      deviceId: device.id,
      projectId: device.projectId,
      ts,
      connected,
    });
    this.deps.writer.connectionOf(device.id, connected, ts);
  }

  private gatewayConnection(message: { connected: boolean; ts: string; devices: string[] }): void {
    for (const serial of message.devices) {
      const device = this.deps.index.serial(serial);
      if (device) this.connection(device, message.connected, message.ts);
    }
  }

  private async register(serial: string, message: UpConnectionMessage): Promise<void> {
    const registration = message.registration!;
    const registering = (async () => {
      const hint = registration.projectId;
      const projectId = hint && (await this.deps.projects.exists(hint)) ? hint : DEMO_PROJECT_ID;
      const device = await this.deps.devices.register(serial, registration, projectId, message);
      this.deps.index.add(device);
      return device;
    })();
    this.registering.set(serial, registering);
    try {
      const device = await registering;
      this.connection(device, message.connected, message.ts);
    } finally {
      this.registering.delete(serial);
    }
  }
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

import {
  type GatewayConnectionMessage,
  GatewayConnectionMessageSchema,
  parseTopic,
  toFieldIssues,
  UP_MESSAGE_SCHEMAS,
  type UpChannel,
} from '@farola/protocol';
import type { z } from 'zod';
import type { RateLimitedWarn } from './rate-limited-warn';

/** Counters exposed by the health endpoint. */
export interface MqttMetrics {
  received: number;
  accepted: number;
  rejected: number;
  /** Reports dated more than the clock-skew allowance ahead, taken as dated on arrival instead. */
  futureTimestamps: number;
}

/** A report may be dated at most this far ahead of the server's clock; later dates become the arrival time. */
export const CLOCK_SKEW_ALLOWANCE_MS = 60_000;

/** The typed message of each device → server channel. */
export type UpMessages = { [C in UpChannel]: z.infer<(typeof UP_MESSAGE_SCHEMAS)[C]> };

/** A device's message, parsed and validated; `ts`, when present, is UTC ISO-8601 with milliseconds. */
export interface DeviceMessage<C extends UpChannel = UpChannel> {
  serialNumber: string;
  channel: C;
  message: UpMessages[C];
  /** When the server received it (UTC ISO-8601 with milliseconds). */
  receivedAt: string;
}

export interface GatewayMessage {
  gatewayId: string;
  message: GatewayConnectionMessage;
  receivedAt: string;
}

export type DeviceMessageHandler<C extends UpChannel> = (message: DeviceMessage<C>) => Promise<void> | void;
export type GatewayMessageHandler = (message: GatewayMessage) => Promise<void> | void;

/** What a module wants of the device traffic: one handler per channel it subscribes to. */
export type DeviceMessageHandlers = { [C in UpChannel]?: DeviceMessageHandler<C> } & {
  gatewayConnection?: GatewayMessageHandler;
};

/** Thrown by a handler (or the router) to refuse a message: counted as rejected and logged with `details`. */
export class MessageRejection extends Error {
  override name = 'MessageRejection';
  constructor(readonly details: Record<string, unknown>) {
    super('rejected');
  }
}

type HandlerLists = { [C in UpChannel]: DeviceMessageHandler<C>[] } & { gatewayConnection: GatewayMessageHandler[] };

/**
 * Parses every MQTT message once (topic, JSON, the channel's schema), dates it, and hands it typed
 * to the handlers modules registered for its channel. A bad message is counted and logged (rate
 * limited), never thrown; so is a message a handler refuses. A `ts` more than
 * `CLOCK_SKEW_ALLOWANCE_MS` ahead is replaced by the arrival time (and counted), so that a device
 * with a wrong clock cannot freeze its stored state behind a date far in the future.
 */
export class DeviceMessageRouter {
  readonly metrics: MqttMetrics = { received: 0, accepted: 0, rejected: 0, futureTimestamps: 0 };
  private readonly handlers: HandlerLists = {
    attributes: [],
    connection: [],
    commands: [],
    alarms: [],
    logs: [],
    gatewayConnection: [],
  };

  constructor(
    private readonly warn: RateLimitedWarn,
    private readonly now: () => number = Date.now,
  ) {}

  /** Adds a module's handlers; several modules may handle the same channel, in registration order. */
  register(handlers: DeviceMessageHandlers): void {
    for (const channel of Object.keys(this.handlers) as (keyof HandlerLists)[]) {
      const handler = handlers[channel];
      if (handler) (this.handlers[channel] as unknown[]).push(handler);
    }
  }

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
    const details = error instanceof MessageRejection ? error.details : { error: String(error) };
    this.warn.warn({ topic, ...details }, 'rejected MQTT message');
  }

  private dispatch(topic: string, payload: Buffer): Promise<void> | void {
    const parsed = parseTopic(topic);
    if (!parsed || parsed.kind === 'device-down') throw new MessageRejection({ reason: 'unknown topic' });
    if (payload.length === 0) return; // a cleared retained message: nothing to ingest
    const json = parseJson(payload);
    const receivedAt = new Date(this.now()).toISOString();
    if (parsed.kind === 'gateway-connection') {
      const message = this.dated(validate(GatewayConnectionMessageSchema, json), receivedAt);
      return run(this.handlers.gatewayConnection, { gatewayId: parsed.gatewayId, message, receivedAt });
    }
    return this.deviceMessage(parsed.serialNumber, parsed.channel, json, receivedAt);
  }

  private deviceMessage(serialNumber: string, channel: UpChannel, json: unknown, receivedAt: string) {
    const { handlers } = this;
    switch (channel) {
      case 'attributes':
        return this.deliver(
          handlers.attributes,
          channel,
          UP_MESSAGE_SCHEMAS.attributes,
          serialNumber,
          json,
          receivedAt,
        );
      case 'connection':
        return this.deliver(
          handlers.connection,
          channel,
          UP_MESSAGE_SCHEMAS.connection,
          serialNumber,
          json,
          receivedAt,
        );
      case 'commands':
        return this.deliver(handlers.commands, channel, UP_MESSAGE_SCHEMAS.commands, serialNumber, json, receivedAt);
      case 'alarms':
        return this.deliver(handlers.alarms, channel, UP_MESSAGE_SCHEMAS.alarms, serialNumber, json, receivedAt);
      case 'logs':
        return this.deliver(handlers.logs, channel, UP_MESSAGE_SCHEMAS.logs, serialNumber, json, receivedAt);
    }
  }

  private deliver<C extends UpChannel>(
    handlers: DeviceMessageHandler<C>[],
    channel: C,
    schema: z.ZodType<UpMessages[C]>,
    serialNumber: string,
    json: unknown,
    receivedAt: string,
  ): Promise<void> | void {
    const message = this.dated(validate(schema, json), receivedAt);
    return run(handlers, { serialNumber, channel, message, receivedAt });
  }

  /** The message with its `ts`, if any, as UTC ISO-8601 with milliseconds, and never beyond the skew allowance. */
  private dated<T extends { ts?: string | undefined }>(message: T, receivedAt: string): T {
    if (message.ts === undefined) return message;
    const reported = new Date(message.ts).getTime();
    if (reported - Date.parse(receivedAt) > CLOCK_SKEW_ALLOWANCE_MS) {
      this.metrics.futureTimestamps += 1;
      this.warn.warn({ reported: message.ts, receivedAt }, 'report dated in the future: dated on arrival instead');
      return { ...message, ts: receivedAt };
    }
    return { ...message, ts: new Date(reported).toISOString() };
  }
}

/** Runs every handler; the message is accepted once all have, and rejected if any refuses it. */
function run<M>(handlers: ((message: M) => Promise<void> | void)[], message: M): Promise<void> | void {
  if (handlers.length === 0) return;
  if (handlers.length === 1) return handlers[0]!(message);
  const pending = handlers.map((handler) => handler(message)).filter((result) => result instanceof Promise);
  if (pending.length > 0) return Promise.all(pending).then(() => undefined);
}

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    throw new MessageRejection({ reason: 'malformed JSON' });
  }
}

function validate<T>(schema: z.ZodType<T>, json: unknown): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new MessageRejection({ reason: 'schema', issues: toFieldIssues(result.error) });
  return result.data;
}

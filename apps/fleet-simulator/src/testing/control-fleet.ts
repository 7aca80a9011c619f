import { randomUUID } from 'node:crypto';
import {
  type DownCommandMessage,
  topics,
  type UpAlarmMessage,
  UpAttributesMessageSchema,
  type AttributeValues,
  type UpCommandMessage,
} from '@farola/protocol';
import mqtt from 'mqtt';
import { expect } from 'vitest';
import type { FleetOptions } from '../fleet-options';
import { type Fleet, startFleet } from '../fleet';
import { startTestBroker, type TestBroker } from './test-broker';

/** A real fleet with its control interface on a test broker, and everything its devices publish. */
export interface ControlFleet {
  fleet: Fleet;
  controlUrl: string;
  /** Every message published under lighting/v1, in order. */
  received: Array<{ topic: string; message: unknown }>;
  /** Calls the control interface; the answer's body is read untyped, field by field. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read field by field
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, any> }>;
  /** The device's attribute reports since message `from` (an index into `received`), each validated. */
  reports(serial: string, from?: number): AttributeValues[];
  alarms(serial: string, from?: number): UpAlarmMessage[];
  /** Sends a command to the device and waits for its final answer. */
  command(serial: string, command: DownCommandMessage['command'], params?: object): Promise<UpCommandMessage>;
  stop(): Promise<void>;
}

export async function startControlFleet(overrides: Partial<FleetOptions> = {}): Promise<ControlFleet> {
  const broker: TestBroker = await startTestBroker();
  const observer = await mqtt.connectAsync(broker.url);
  const received: ControlFleet['received'] = [];
  observer.on('message', (topic, payload) => {
    if (payload.length > 0) received.push({ topic, message: JSON.parse(payload.toString()) });
  });
  await observer.subscribeAsync('lighting/v1/#', { qos: 1 });
  const fleet = await startFleet({
    mqttUrl: broker.url,
    devices: 44,
    gatewaySize: 'cabinet',
    seed: 'control',
    serialPrefix: `CT${randomUUID().slice(0, 4)}`,
    speed: 20,
    errorRate: 0,
    dropRatePerHour: 0,
    cabinetEventRate: 0,
    faultRatePerYear: 0,
    reportIntervalSeconds: 2,
    logLevel: 'silent',
    control: { port: 0, host: '127.0.0.1' },
    ...overrides,
  });
  await fleet.ready;
  const controlUrl = fleet.controlUrl!;
  const since = (serial: string, channel: 'attributes' | 'alarms' | 'commands', from: number) =>
    received.slice(from).filter((r) => r.topic === topics.up(serial, channel));
  return {
    fleet,
    controlUrl,
    received,
    call: async (method, path, body) => {
      const response = await fetch(`${controlUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, never> };
    },
    reports: (serial, from = 0) =>
      since(serial, 'attributes', from).map((r) => UpAttributesMessageSchema.parse(r.message).values),
    alarms: (serial, from = 0) => since(serial, 'alarms', from).map((r) => r.message as UpAlarmMessage),
    command: async (serial, command, params = {}) => {
      const request: DownCommandMessage = {
        requestId: randomUUID(),
        command,
        params: params as Record<string, unknown>,
        attempt: 1,
        ts: new Date().toISOString(),
      };
      await observer.publishAsync(topics.downCommands(serial), JSON.stringify(request), { qos: 1 });
      const final = () =>
        since(serial, 'commands', 0)
          .map((r) => r.message as UpCommandMessage)
          .find((m) => m.requestId === request.requestId && m.status !== 'IN_PROGRESS');
      await expect.poll(final, { timeout: 5000 }).toBeDefined();
      return final()!;
    },
    stop: async () => {
      await fleet.stop();
      await observer.endAsync();
      await broker.close();
    },
  };
}

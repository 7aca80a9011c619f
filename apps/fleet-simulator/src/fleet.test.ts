import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DownCommandMessage,
  OPERATE_MODE_TABLE,
  topics,
  UP_MESSAGE_SCHEMAS,
  type UpAlarmMessage,
  type UpAttributesMessage,
  type UpCommandMessage,
  type UpConnectionMessage,
  UpConnectionMessageSchema,
} from '@farola/protocol';
import type { Cabinet } from './device-state';
import { DEFAULT_FLEET_OPTIONS, type FleetOptions } from './fleet-options';
import { type Fleet, startFleet } from './fleet';
import { createDevices } from './fleet-device';
import { buildFleetLayout } from './layout';
import { startTestBroker, type TestBroker } from './testing/test-broker';

let broker: TestBroker;
let url: string;
let fleet: Fleet;
let observer: MqttClient;

/** Every up message, validated against its schema as it arrives. */
const received: Array<{ topic: string; channel: string; serial: string; message: unknown }> = [];
const invalid: string[] = [];

beforeAll(async () => {
  broker = await startTestBroker();
  url = broker.url;
  observer = await mqtt.connectAsync(url);
  await observer.subscribeAsync('lighting/v1/devices/+/up/+', { qos: 1 });
  observer.on('message', (topic, payload) => {
    const [, , , serial = '', , channel = ''] = topic.split('/');
    const schema = UP_MESSAGE_SCHEMAS[channel as keyof typeof UP_MESSAGE_SCHEMAS];
    const message: unknown = JSON.parse(payload.toString());
    if (!schema.safeParse(message).success) invalid.push(`${topic} ${payload.toString()}`);
    received.push({ topic, channel, serial, message });
  });
  fleet = await startFleet(fleetOptions());
  await fleet.ready;
});

afterAll(async () => {
  await fleet.stop();
  await observer.endAsync();
  await broker.close();
});

function fleetOptions(): FleetOptions {
  return {
    ...DEFAULT_FLEET_OPTIONS,
    mqttUrl: url,
    devices: 30,
    seed: 'fleet-test',
    speed: 50,
    errorRate: 0,
    dropRatePerHour: 0,
    reportIntervalSeconds: 1,
    logLevel: 'silent',
  };
}

function attributesOf(serial: string): Array<UpAttributesMessage> {
  return received
    .filter((r) => r.serial === serial && r.channel === 'attributes')
    .map((r) => r.message as UpAttributesMessage);
}

function device(vendor: string, deviceType: string) {
  const found = fleet.devices.find((d) => d.vendor === vendor && d.deviceType === deviceType);
  if (!found) throw new Error(`the test fleet has no ${vendor} ${deviceType}`);
  return found;
}

function sendCommand(serial: string, command: DownCommandMessage['command'], params = {}, requestId = randomUUID()) {
  const message: DownCommandMessage = { requestId, command, params, attempt: 1, ts: new Date().toISOString() };
  observer.publish(topics.downCommands(serial), JSON.stringify(message), { qos: 1 });
  return message;
}

function answers(requestId: string): UpCommandMessage[] {
  return received
    .filter((r) => r.channel === 'commands' && (r.message as UpCommandMessage).requestId === requestId)
    .map((r) => r.message as UpCommandMessage);
}

async function finalAnswer(requestId: string): Promise<UpCommandMessage> {
  await expect.poll(() => answers(requestId).some((a) => a.status !== 'IN_PROGRESS'), { timeout: 15_000 }).toBe(true);
  return answers(requestId).find((a) => a.status !== 'IN_PROGRESS')!;
}

describe('a simulated fleet on a real broker', () => {
  it('registers every device with a retained connection message and reports valid attributes', async () => {
    const reported = () => new Set(received.filter((r) => r.channel === 'attributes').map((r) => r.serial)).size;
    await expect.poll(reported).toBe(fleet.devices.length);
    for (const { serialNumber, deviceType, vendor } of fleet.devices) {
      const connection = received.find((r) => r.serial === serialNumber && r.channel === 'connection');
      expect((connection?.message as UpConnectionMessage).registration).toMatchObject({ deviceType, vendor });
      expect(received.some((r) => r.serial === serialNumber && r.channel === 'attributes')).toBe(true);
    }
    expect(invalid).toEqual([]);
  });

  it('answers a supported command with progress and then DONE, and publishes the new state', async () => {
    const { serialNumber } = device('orion', 'light-point-controller');
    const on = sendCommand(serialNumber, 'switchOn');
    expect((await finalAnswer(on.requestId)).status).toBe('DONE');
    const off = sendCommand(serialNumber, 'switchOff');
    const done = await finalAnswer(off.requestId);
    expect(done).toMatchObject({ status: 'DONE', progress: 100 });
    expect(answers(off.requestId)[0]).toMatchObject({ status: 'IN_PROGRESS' });
    const afterOff = received.filter((r) => r.serial === serialNumber && r.channel === 'attributes').at(-1);
    expect((afterOff?.message as UpAttributesMessage).values).toMatchObject({ poweredOn: false, dimming: 0 });
    expect(invalid).toEqual([]);
  });

  it("reports a switched-off cabinet's power from its light points' new power, not their last load", async () => {
    // The layout is deterministic: the same options build the same cabinets and light points.
    const cabinet = createDevices(buildFleetLayout(fleetOptions()), Date.now(), 'fleet-test').find(
      (d): d is Cabinet => d.kind === 'cabinet' && d.lightPoints.some((lp) => lp.spec.operateMode === '006'),
    );
    if (!cabinet) throw new Error('the test fleet has no cabinet feeding a mode 006 light point');
    const lamps = cabinet.lightPoints.map((lp) => lp.spec);
    const on = [
      sendCommand(cabinet.spec.serialNumber, 'switchOn'),
      ...lamps.map((lp) => sendCommand(lp.serialNumber, 'switchOn')),
    ];
    for (const { requestId } of on) expect((await finalAnswer(requestId)).status).toBe('DONE');
    const before = attributesOf(cabinet.spec.serialNumber).length;
    const off = sendCommand(cabinet.spec.serialNumber, 'switchOff');
    expect((await finalAnswer(off.requestId)).status).toBe('DONE');
    const change = attributesOf(cabinet.spec.serialNumber)
      .slice(before)
      .find((m) => m.values.outputs?.every((output) => !output.on));
    expect(change).toBeDefined();
    const at = Date.parse(change!.ts);
    // Each light point's report of the same change, published within a few milliseconds of the cabinet's.
    const lampPowers = lamps.map((lp) => {
      const nearest = attributesOf(lp.serialNumber).reduce((best, m) =>
        Math.abs(Date.parse(m.ts) - at) < Math.abs(Date.parse(best.ts) - at) ? m : best,
      );
      // A cabinet-supplied light point loses its mains: it draws nothing and cannot measure.
      if (OPERATE_MODE_TABLE[lp.operateMode].supply === 'cabinet') {
        expect(nearest.values.instantaneousActivePower).toBeUndefined();
      }
      return nearest.values.instantaneousActivePower ?? 0;
    });
    const expected = lampPowers.reduce((sum, power) => sum + power, 8);
    expect(change!.values.instantaneousActivePower).toBeCloseTo(expected, 1);
  });

  it('refuses a command its family lacks with METHOD_NOT_ALLOWED', async () => {
    const { serialNumber } = device('vega', 'light-point-controller');
    const check = sendCommand(serialNumber, 'dimmingCheck');
    expect(await finalAnswer(check.requestId)).toMatchObject({
      status: 'ERROR',
      error: { code: 'METHOD_NOT_ALLOWED' },
    });
  });

  it("refuses a fixed schedule with more rules than the cabinet's family holds", async () => {
    const rules = Array.from({ length: 5 }, (_, i) => ({ time: `0${i}:00`, dimming: 50 }));
    const vega = sendCommand(device('vega', 'cabinet-controller').serialNumber, 'createCalendar', { rules });
    expect(await finalAnswer(vega.requestId)).toMatchObject({ status: 'ERROR', error: { code: 'NOT_ACCEPTABLE' } });
    const orion = sendCommand(device('orion', 'cabinet-controller').serialNumber, 'createCalendar', { rules });
    expect((await finalAnswer(orion.requestId)).status).toBe('DONE');
  });

  it('puts a cabinet into maintenance by setConfiguration: the configuration reported, its alarm raised and cleared', async () => {
    const { serialNumber } = device('vega', 'cabinet-controller');
    const alarms = () =>
      received
        .filter((r) => r.serial === serialNumber && r.channel === 'alarms')
        .map((r) => r.message as UpAlarmMessage);
    const enter = sendCommand(serialNumber, 'setConfiguration', { parameters: { other: { maintenanceMode: true } } });
    expect((await finalAnswer(enter.requestId)).status).toBe('DONE');
    await expect.poll(() => alarms().at(-1)).toMatchObject({ type: 'maintenanceMode', active: true });
    const reported = attributesOf(serialNumber).findLast((m) => m.values.configuration !== undefined);
    expect(reported?.values.configuration?.other.maintenanceMode).toBe(true);
    expect(reported?.values.outputs?.every((output) => output.on && output.mode === 3)).toBe(true);
    const leave = sendCommand(serialNumber, 'setConfiguration', { parameters: { other: { maintenanceMode: false } } });
    expect((await finalAnswer(leave.requestId)).status).toBe('DONE');
    await expect.poll(() => alarms().at(-1)).toMatchObject({ type: 'maintenanceMode', active: false });
    expect(invalid).toEqual([]);
  });

  it('does not run a re-delivered request twice but repeats its answer', async () => {
    const { serialNumber } = device('orion', 'light-point-controller');
    const blink = sendCommand(serialNumber, 'blink', { count: 2, cycleSeconds: 2 });
    await finalAnswer(blink.requestId);
    const doneBefore = answers(blink.requestId).filter((a) => a.status === 'DONE').length;
    const togglesBefore = received.filter((r) => r.serial === serialNumber && r.channel === 'attributes').length;
    observer.publish(topics.downCommands(serialNumber), JSON.stringify({ ...blink, attempt: 2 }), { qos: 1 });
    await expect.poll(() => answers(blink.requestId).filter((a) => a.status === 'DONE').length).toBe(doneBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const progressAfter = answers(blink.requestId).slice(-1);
    expect(progressAfter).toMatchObject([{ status: 'DONE', progress: 100 }]);
    const toggles = received.filter((r) => r.serial === serialNumber && r.channel === 'attributes').length;
    // Periodic reports continue, but no second blink's six toggles arrive.
    expect(toggles - togglesBefore).toBeLessThan(4);
  });

  it('ignores malformed down messages and keeps working', async () => {
    const { serialNumber } = device('orion', 'cabinet-controller');
    observer.publish(topics.downCommands(serialNumber), 'not json', { qos: 1 });
    observer.publish(topics.downCommands(serialNumber), JSON.stringify({ command: 'reboot' }), { qos: 1 });
    const off = sendCommand(serialNumber, 'switchOff', { output: 1 });
    expect((await finalAnswer(off.requestId)).status).toBe('DONE');
  });

  it('reboots a cabinet: DONE, disconnected, back with a registration and a deviceReset alarm', async () => {
    const { serialNumber } = device('orion', 'cabinet-controller');
    const connections = () =>
      received
        .filter((r) => r.serial === serialNumber && r.channel === 'connection')
        .map((r) => (r.message as UpConnectionMessage).connected);
    const before = connections().length;
    const reboot = sendCommand(serialNumber, 'reboot');
    expect((await finalAnswer(reboot.requestId)).status).toBe('DONE');
    await expect.poll(() => connections().slice(before), { timeout: 10_000 }).toEqual([false, true]);
    await expect.poll(() => received.some((r) => r.serial === serialNumber && r.channel === 'alarms')).toBe(true);
  });

  it('fires the last will with connected false when a connection is cut', async () => {
    const { serialNumber } = device('vega', 'cabinet-controller');
    const willSeen = new Promise<UpConnectionMessage>((resolve) => {
      observer.on('message', (topic, payload) => {
        if (topic !== topics.up(serialNumber, 'connection')) return;
        const message = UpConnectionMessageSchema.parse(JSON.parse(payload.toString()));
        if (!message.connected) resolve(message);
      });
    });
    // One connection per device: the n-th device's client id ends in -n.
    expect(broker.cut(`farola-sim-SIM-${serialIndex(serialNumber)}`)).toBe(true);
    expect((await willSeen).connected).toBe(false);
  });
});

function serialIndex(serialNumber: string): number {
  return fleet.devices.findIndex((d) => d.serialNumber === serialNumber) + 1;
}

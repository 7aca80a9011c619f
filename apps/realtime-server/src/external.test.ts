import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, nextEvent, startHarness, subscribe, uniqueSerial } from './testing/harness';
import { admin, inSchema } from './testing/postgres';

const MOSQUITTO_URL = 'mqtt://127.0.0.1:1883';

// The same core flow on the machine's PostgreSQL and Mosquitto; FAROLA_SKIP_EXTERNAL=1 skips it where they are absent.
describe.skipIf(process.env['FAROLA_SKIP_EXTERNAL'] === '1')('on PostgreSQL and Mosquitto', () => {
  const schema = `rs_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let h: Harness;
  beforeAll(async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    const databaseUrl = inSchema(schema);
    h = await startHarness({ DATABASE_URL: databaseUrl, MQTT_URL: MOSQUITTO_URL, COMMAND_ATTEMPT_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => {
    await h?.close();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('reports which engines it runs on', async () => {
    expect((await h.api('/health')).body).toMatchObject({ database: 'postgres', broker: 'external' });
  });

  it('registers a device, pushes its reports and stores them', async () => {
    const serial = uniqueSerial('PG');
    const id = await h.register(serial, { vendor: 'vega' });
    const socket = await h.socket();
    await subscribe(socket, { deviceIds: [id] });
    const received = nextEvent(socket, 'DeviceAttributeValueUpdated', (event) => event.deviceId === id);
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { voltage: 231.5 } });
    expect((await received).payload.values).toEqual({ voltage: 231.5 });
    expect((await h.api(`/v1/devices/${id}`)).body).toMatchObject({ vendor: 'vega', attributes: { voltage: 231.5 } });
    const events = (await h.api(`/v1/devices/${id}/events`)).body;
    expect(events.items.map((e: { type: string }) => e.type)).toEqual([
      'DeviceAttributeValueUpdated',
      'DeviceConnectionStatusUpdated',
    ]);
  });

  it('runs a command to DONE', async () => {
    const serial = uniqueSerial('PGCMD');
    const id = await h.register(serial);
    const { status, body } = await h.api(`/v1/devices/${id}/commands`, {
      method: 'POST',
      body: JSON.stringify({ command: 'switchOn' }),
    });
    expect(status).toBe(202);
    await h.publish(serial, 'commands', { requestId: body.id, status: 'DONE', progress: 100 });
    await expect.poll(async () => (await h.api(`/v1/queued-requests/${body.id}`)).body.status).toBe('DONE');
  });

  it('pages devices and rejects malformed messages', async () => {
    const before = (await h.api('/health')).body.mqtt.rejected;
    await h.publish(uniqueSerial('PGBAD'), 'attributes', 'not json');
    await expect.poll(async () => (await h.api('/health')).body.mqtt.rejected).toBeGreaterThan(before);
    const page = (await h.api('/v1/devices?limit=1&sort=-createdAt')).body;
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
  });
});

import { DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, nextEvent, startHarness, uniqueSerial } from '../testing/harness';

describe('device ingest over MQTT', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('registers an unknown device from its connection message and lists it', async () => {
    const serial = uniqueSerial('REG');
    const id = await h.register(serial, {
      deviceType: 'cabinet-controller',
      vendor: 'vega',
      projectId: DEMO_SUBPROJECT_ID,
    });
    const { status, body } = await h.api(`/v1/devices/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      serialNumber: serial,
      name: serial,
      deviceType: 'cabinet-controller',
      vendor: 'vega',
      projectId: DEMO_SUBPROJECT_ID,
      status: 'ready',
      connected: true,
    });
  });

  it('places a device whose project hint does not exist in the demo project', async () => {
    const id = await h.register(uniqueSerial('HINT'), { projectId: '5f2b2f0e-6c1a-4d7a-9d55-000000000000' });
    expect((await h.api(`/v1/devices/${id}`)).body.projectId).toBe(DEMO_PROJECT_ID);
  });

  it('pushes an attribute report to sockets as an array and keeps it as the latest value', async () => {
    const serial = uniqueSerial('ATTR');
    const id = await h.register(serial);
    const socket = await h.socket();
    const received = nextEvent(socket, 'DeviceAttributeValueUpdated', (event) => event.deviceId === id);
    const ts = new Date().toISOString();
    await h.publish(serial, 'attributes', { ts, values: { dimming: 70, latitude: 41.39, firmwareVersion: '2.1.0' } });
    const { payload, batch } = await received;
    expect(Array.isArray(batch)).toBe(true);
    expect(payload).toEqual({
      deviceId: id,
      projectId: DEMO_PROJECT_ID,
      ts,
      values: { dimming: 70, latitude: 41.39, firmwareVersion: '2.1.0' },
    });
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { voltage: 230 } });
    await expect
      .poll(async () => (await h.api(`/v1/devices/${id}`)).body.attributes)
      .toEqual({
        dimming: 70,
        latitude: 41.39,
        firmwareVersion: '2.1.0',
        voltage: 230,
      });
    const device = (await h.api(`/v1/devices/${id}`)).body;
    expect(device).toMatchObject({ latitude: 41.39, firmwareVersion: '2.1.0' });
  });

  it('records connection changes, including a gateway dropping all its devices', async () => {
    const serials = [uniqueSerial('GW'), uniqueSerial('GW')];
    const ids = await Promise.all(serials.map((serial) => h.register(serial)));
    const socket = await h.socket();
    const dropped = nextEvent(socket, 'DeviceConnectionStatusUpdated', (e) => e.deviceId === ids[1] && !e.connected);
    await h.device.publishAsync(
      'lighting/v1/gateways/GW-1/up/connection',
      JSON.stringify({ connected: false, ts: new Date().toISOString(), devices: serials }),
      { qos: 1 },
    );
    await dropped;
    const { body } = await h.api(`/v1/devices/${ids[0]}`);
    expect(body.connected).toBe(false);
    expect(body.disconnectedAt).not.toBeNull();
    const events = (await h.api(`/v1/devices/${ids[0]}/events?type=DeviceConnectionStatusUpdated`)).body;
    expect(events.items.map((e: { payload: { connected: boolean } }) => e.payload.connected)).toEqual([false, true]);
  });

  it('counts malformed messages as rejected and keeps serving', async () => {
    const serial = uniqueSerial('BAD');
    await h.register(serial);
    const before = (await h.api('/health')).body.mqtt;
    await h.publish(serial, 'attributes', 'not json');
    await h.publish(serial, 'attributes', { ts: 'now', values: { dimming: 700 } });
    await h.device.publishAsync('lighting/v1/devices/X/up/sideways', '{}', { qos: 1 });
    await h.publish(uniqueSerial('NOBODY'), 'attributes', { ts: new Date().toISOString(), values: { dimming: 1 } });
    await expect.poll(async () => (await h.api('/health')).body.mqtt.rejected).toBe(before.rejected + 4);
    const health = (await h.api('/health')).body;
    expect(health).toMatchObject({ status: 'ok', database: 'pglite', broker: 'embedded' });
    expect(health.mqtt.received).toBeGreaterThanOrEqual(before.received + 4);
    expect((await h.api('/v1/devices?limit=1')).status).toBe(200);
  });

  it('pages through every device exactly once', async () => {
    const prefix = uniqueSerial('PAGE');
    const serials = Array.from({ length: 7 }, (_, i) => `${prefix}-${i}`);
    await Promise.all(serials.map((serial) => h.register(serial)));
    for (const sort of ['serialNumber', '-name', 'createdAt']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/v1/devices?q=${prefix}&limit=3&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`;
        const { body } = await h.api(query);
        expect(body.total).toBe(7);
        seen.push(...body.items.map((d: { serialNumber: string }) => d.serialNumber));
        cursor = body.nextCursor;
      } while (cursor);
      expect(seen.sort()).toEqual([...serials].sort());
    }
  });
});

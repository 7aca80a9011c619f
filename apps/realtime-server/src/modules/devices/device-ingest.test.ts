import { DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, nextEvent, startHarness, subscribe, uniqueSerial } from '../../testing/harness';

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

  it('keeps a device in the project it was provisioned in, whatever project its announcement hints', async () => {
    const serial = uniqueSerial('HINT');
    const id = await h.provision(serial, { projectId: DEMO_SUBPROJECT_ID });
    expect((await h.api(`/v1/devices/${id}`)).body).toMatchObject({ status: 'provisioned', connected: false });
    await h.publish(serial, 'connection', {
      connected: true,
      ts: new Date().toISOString(),
      registration: { deviceType: 'light-point-controller', vendor: 'orion', projectId: DEMO_PROJECT_ID },
    });
    await expect.poll(async () => (await h.api(`/v1/devices/${id}`)).body.status).toBe('ready');
    expect((await h.api(`/v1/devices/${id}`)).body.projectId).toBe(DEMO_SUBPROJECT_ID);
  });

  it('pushes an attribute report to sockets as an array and keeps it as the latest value', async () => {
    const serial = uniqueSerial('ATTR');
    const id = await h.register(serial);
    const socket = await h.socket();
    await subscribe(socket, { deviceIds: [id] });
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
      stream: `device:${id}`,
      seq: 1,
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
      `lighting/v1/gateways/${h.gatewayId}/up/connection`,
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

  it('dates a last will without a timestamp, or with one before the connection it ends, on arrival', async () => {
    const serial = uniqueSerial('WILL');
    const composedAtConnect = new Date(Date.now() - 60_000).toISOString();
    const id = await h.register(serial);
    await h.publish(serial, 'connection', { connected: false });
    await expect.poll(async () => (await h.api(`/v1/devices/${id}`)).body.connected).toBe(false);
    const first = (await h.api(`/v1/devices/${id}`)).body;
    expect(first.disconnectedAt >= first.connectedAt).toBe(true);
    await h.publish(serial, 'connection', { connected: true, ts: new Date().toISOString() });
    await h.publish(serial, 'connection', { connected: false, ts: composedAtConnect });
    await expect
      .poll(async () => (await h.api(`/v1/devices/${id}`)).body.disconnectedAt)
      .not.toBe(first.disconnectedAt);
    const second = (await h.api(`/v1/devices/${id}`)).body;
    expect(second.connected).toBe(false);
    expect(second.disconnectedAt >= second.connectedAt).toBe(true);
  });

  it('ignores a replayed connection message that repeats the state it already knows', async () => {
    const serial = uniqueSerial('REPLAY');
    const socket = await h.socket();
    const pushed = new Map<string, boolean[]>();
    socket.on('DeviceConnectionStatusUpdated', (batch) => {
      for (const event of [batch].flat())
        pushed.set(event.deviceId, [...(pushed.get(event.deviceId) ?? []), event.connected]);
    });
    const id = await h.register(serial);
    // The registration itself is pushed (as connected) once the device is stored, possibly just after.
    await expect.poll(() => pushed.get(id)).toEqual([true]);
    const announcement = { connected: true, ts: new Date().toISOString() };
    await h.publish(serial, 'connection', announcement);
    await h.publish(serial, 'connection', { ...announcement, ts: new Date().toISOString() });
    const dropped = nextEvent(socket, 'DeviceConnectionStatusUpdated', (e) => e.deviceId === id && !e.connected);
    await h.publish(serial, 'connection', { connected: false });
    await dropped;
    expect(pushed.get(id)).toEqual([true, false]);
    await expect
      .poll(async () => (await h.api(`/v1/devices/${id}/events?type=DeviceConnectionStatusUpdated`)).body.items.length)
      .toBe(2);
  });

  it("keeps a dropped gateway's devices offline against their older retained announcements", async () => {
    const serial = uniqueSerial('GWR');
    const announcedAt = new Date().toISOString();
    const id = await h.register(serial);
    const gatewayTopic = `lighting/v1/gateways/${h.gatewayId}/up/connection`;
    const socket = await h.socket();
    const dropped = nextEvent(socket, 'DeviceConnectionStatusUpdated', (e) => e.deviceId === id && !e.connected);
    await h.device.publishAsync(gatewayTopic, JSON.stringify({ connected: false, devices: [serial] }), { qos: 1 });
    await dropped;
    // What the broker replays on a resubscription: the device's announcement from before the drop.
    await h.publish(serial, 'connection', { connected: true, ts: announcedAt });
    await subscribe(socket, { deviceIds: [id] });
    const reported = nextEvent(socket, 'DeviceAttributeValueUpdated', (e) => e.deviceId === id);
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { dimming: 5 } });
    await reported;
    await expect.poll(async () => (await h.api(`/v1/devices/${id}`)).body.attributes.dimming).toBe(5);
    expect((await h.api(`/v1/devices/${id}`)).body.connected).toBe(false);
    const back = nextEvent(socket, 'DeviceConnectionStatusUpdated', (e) => e.deviceId === id && e.connected);
    await h.device.publishAsync(gatewayTopic, JSON.stringify({ connected: true, devices: [serial] }), { qos: 1 });
    await h.publish(serial, 'connection', { connected: true, ts: new Date().toISOString() });
    await back;
  });

  it('orders reports by instant whatever their time zone, and never lets an older one overwrite newer values', async () => {
    const serial = uniqueSerial('ORDER');
    const id = await h.register(serial);
    const socket = await h.socket();
    await subscribe(socket, { deviceIds: [id] });
    const normalised = nextEvent(socket, 'DeviceAttributeValueUpdated', (e) => e.deviceId === id);
    // 10:00+02:00 is 08:00Z, earlier than 09:00Z although it sorts after it as text.
    await h.publish(serial, 'attributes', { ts: '2020-01-01T10:00:00+02:00', values: { dimming: 10 } });
    await h.publish(serial, 'attributes', { ts: '2020-01-01T09:00:00Z', values: { dimming: 70 } });
    expect((await normalised).payload.ts).toBe('2020-01-01T08:00:00.000Z');
    await expect.poll(async () => (await h.api(`/v1/devices/${id}`)).body.attributes).toEqual({ dimming: 70 });
    await h.publish(serial, 'attributes', { ts: '2020-01-01T08:30:00Z', values: { dimming: 20, voltage: 230 } });
    await expect
      .poll(async () => (await h.api(`/v1/devices/${id}`)).body.attributes)
      .toEqual({ dimming: 70, voltage: 230 });
    expect((await h.api(`/v1/devices/${id}`)).body.attributesUpdatedAt).toBe('2020-01-01T09:00:00.000Z');
  });

  it('dates a report from the far future on arrival, so that later honest reports still count', async () => {
    const serial = uniqueSerial('FUTURE');
    const id = await h.register(serial);
    const before = h.server.metrics.futureTimestamps;
    const sent = Date.now();
    await h.publish(serial, 'attributes', { ts: '9999-12-31T23:59:59Z', values: { dimming: 90 } });
    await expect.poll(async () => (await h.api(`/v1/devices/${id}`)).body.attributes.dimming).toBe(90);
    expect(h.server.metrics.futureTimestamps).toBe(before + 1);
    const clamped = Date.parse((await h.api(`/v1/devices/${id}`)).body.attributesUpdatedAt as string);
    expect(clamped).toBeGreaterThanOrEqual(sent - 1000);
    expect(clamped).toBeLessThan(Date.now() + 1000);

    const honest = new Date(Math.max(Date.now(), clamped + 1)).toISOString();
    await h.publish(serial, 'attributes', { ts: honest, values: { dimming: 30 } });

    await expect.poll(async () => (await h.api(`/v1/devices/${id}`)).body.attributes.dimming).toBe(30);
    expect((await h.api(`/v1/devices/${id}`)).body.attributesUpdatedAt).toBe(honest);
    expect((await h.api('/health')).body.mqtt.futureTimestamps).toBe(before + 1);
  });

  it('counts malformed messages as rejected and keeps serving', async () => {
    const serial = uniqueSerial('BAD');
    await h.register(serial);
    const before = (await h.api('/health')).body.mqtt;
    await h.publish(serial, 'attributes', 'not json');
    await h.publish(serial, 'attributes', { ts: 'now', values: { dimming: 700 } });
    await expect.poll(async () => (await h.api('/health')).body.mqtt.rejected).toBe(before.rejected + 2);
    const health = (await h.api('/health')).body;
    expect(health).toMatchObject({ status: 'ok', database: 'pglite', broker: 'embedded' });
    expect(health.mqtt.received).toBeGreaterThanOrEqual(before.received + 2);
    expect((await h.api('/v1/devices?limit=1')).status).toBe(200);
  });

  it("refuses a report with a NUL in a string value and goes on storing the fleet's reports", async () => {
    const serial = uniqueSerial('NUL');
    const id = await h.register(serial);
    const before = (await h.api('/health')).body.mqtt.rejected;
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { apn: 'a\u0000b' } });
    await expect.poll(async () => (await h.api('/health')).body.mqtt.rejected).toBe(before + 1);
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { apn: 'internet', dimming: 12 } });
    await expect
      .poll(async () => (await h.api(`/v1/devices/${id}`)).body.attributes)
      .toMatchObject({ apn: 'internet', dimming: 12 });
    expect((await h.api('/health')).body.storage).toEqual({
      pending: expect.any(Number),
      quarantined: 0,
      backlog: { rows: expect.any(Number), oldestMs: expect.any(Number) },
    });
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

import { DEMO_PROJECT_ID, type StreamedEventPayloads, streams } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collect,
  type FarolaClient,
  type Harness,
  nextEvent,
  resume,
  startHarness,
  subscribe,
  uniqueSerial,
  unsubscribe,
} from '../testing/harness';

type AttributeItem = StreamedEventPayloads['DeviceAttributeValueUpdated'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('realtime streams', () => {
  let h: Harness;
  beforeAll(async () => {
    // A small catch-up buffer, so that a test can outrun it.
    h = await startHarness({ REALTIME_CATCHUP_ITEMS: '100' });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Publishes a report and waits until the server has taken it in (the stored value shows it). */
  async function report(serial: string, id: string, dimming: number): Promise<void> {
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { dimming } });
    await expect.poll(async () => (await h.api(`/v1/devices/${id}`)).body.attributes.dimming).toBe(dimming);
  }

  /** Waits for a connection change of the device: a marker that everything published before it was emitted. */
  async function flap(socket: FarolaClient, serial: string, id: string): Promise<void> {
    const dropped = nextEvent(socket, 'DeviceConnectionStatusUpdated', (e) => e.deviceId === id && !e.connected);
    await h.publish(serial, 'connection', { connected: false, ts: new Date().toISOString() });
    await dropped;
    const back = nextEvent(socket, 'DeviceConnectionStatusUpdated', (e) => e.deviceId === id && e.connected);
    await h.publish(serial, 'connection', { connected: true, ts: new Date().toISOString() });
    await back;
  }

  it("greets a socket with the epoch and its projects' fleet and project streams before any event", async () => {
    const socket = await h.socket();
    expect(socket.session.epoch).toMatch(/^[0-9a-f-]{36}$/);
    expect(socket.session.streams).toMatchObject({
      [streams.fleet(DEMO_PROJECT_ID)]: expect.any(Number),
      [streams.project(DEMO_PROJECT_ID)]: expect.any(Number),
    });
    expect((await h.api('/health')).body.realtime).toMatchObject({ epoch: socket.session.epoch });
  });

  it('numbers connection changes in the project stream for every socket, without a subscription', async () => {
    const serial = uniqueSerial('SEQ');
    const id = await h.register(serial);
    const socket = await h.socket();
    const changes = collect(socket, 'DeviceConnectionStatusUpdated', (e) => e.deviceId === id);
    await flap(socket, serial, id);
    const stream = streams.project(DEMO_PROJECT_ID);
    expect(changes.map((e) => [e.connected, e.stream])).toEqual([
      [false, stream],
      [true, stream],
    ]);
    expect(changes[1]!.seq).toBeGreaterThan(changes[0]!.seq);
    expect(changes[0]!.seq).toBeGreaterThan(socket.session.streams[stream]!);
  });

  it('sends attribute reports only to subscribers, and stops after unsubscribe', async () => {
    const serial = uniqueSerial('SUB');
    const id = await h.register(serial);
    const subscriber = await h.socket();
    const bystander = await h.socket();
    const ack = await subscribe(subscriber, { deviceIds: [id] });
    expect(ack).toEqual({ ok: true, streams: { [streams.device(id)]: 0 } });
    const received = collect(subscriber, 'DeviceAttributeValueUpdated', (e) => e.deviceId === id);
    const overheard = collect(bystander, 'DeviceAttributeValueUpdated');
    await report(serial, id, 11);
    await flap(subscriber, serial, id);
    expect(received).toEqual([
      expect.objectContaining({ values: { dimming: 11 }, stream: streams.device(id), seq: 1 }),
    ]);
    expect(await unsubscribe(subscriber, { deviceIds: [id] })).toEqual({ ok: true });
    await report(serial, id, 12);
    await flap(subscriber, serial, id);
    expect(received).toHaveLength(1);
    expect(overheard).toEqual([]);
  });

  it('sends a whole project to an integration that subscribed to it, each report once', async () => {
    const serial = uniqueSerial('PRJ');
    const id = await h.register(serial);
    const socket = await h.socket();
    const ack = await subscribe(socket, { projectIds: [DEMO_PROJECT_ID], deviceIds: [id] });
    expect(ack.ok).toBe(true);
    const received = collect(socket, 'DeviceAttributeValueUpdated', (e) => e.deviceId === id);
    await report(serial, id, 21);
    await flap(socket, serial, id);
    expect(received).toEqual([
      expect.objectContaining({ values: { dimming: 21 }, stream: streams.attributes(DEMO_PROJECT_ID) }),
    ]);
  });

  it('refuses a bad subscription, an unknown device and a project the user may not see', async () => {
    const socket = await h.socket();
    expect(await subscribe(socket, { deviceIds: ['not-a-uuid'] })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
    expect(await subscribe(socket, {} as never)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(await subscribe(socket, { deviceIds: ['3f1e8a1c-0000-4000-8000-000000000001'] })).toMatchObject({
      ok: false,
      error: { code: 'DEVICE_NOT_FOUND' },
    });
    expect(await subscribe(socket, { projectIds: ['3f1e8a1c-0000-4000-8000-000000000002'] })).toMatchObject({
      ok: false,
      error: { code: 'ACCESS_NOT_GRANTED' },
    });
    // A stock client may emit without an acknowledgement callback, or send garbage: the socket lives on.
    (socket as unknown as { emit: (e: string, b: unknown) => void }).emit('subscribe', 'garbage');
    expect(await subscribe(socket, { projectIds: [DEMO_PROJECT_ID] })).toMatchObject({ ok: true });
  });

  it('resumes after a disconnect of a few seconds with exactly the missed items, in order', async () => {
    const serial = uniqueSerial('RES');
    const id = await h.register(serial);
    const first = await h.socket();
    await subscribe(first, { deviceIds: [id] });
    const seenAttributes = collect(first, 'DeviceAttributeValueUpdated', (e) => e.deviceId === id);
    const seenChanges = collect(first, 'DeviceConnectionStatusUpdated');
    await report(serial, id, 1);
    await flap(first, serial, id);
    const projectStream = streams.project(DEMO_PROJECT_ID);
    const positions = {
      [streams.device(id)]: seenAttributes.at(-1)!.seq,
      [projectStream]: seenChanges.at(-1)!.seq,
    };
    first.disconnect();

    for (const dimming of [2, 3, 4]) await report(serial, id, dimming);
    await h.publish(serial, 'connection', { connected: false, ts: new Date().toISOString() });
    await sleep(2000);
    await report(serial, id, 5);

    const second = await h.socket();
    const replayedAttributes = collect(second, 'DeviceAttributeValueUpdated', (e) => e.deviceId === id);
    const replayedChanges = collect(second, 'DeviceConnectionStatusUpdated');
    const ack = await resume(second, { epoch: first.session.epoch, positions });
    expect(ack).toEqual({ ok: true, epoch: first.session.epoch, caughtUp: expect.any(Array), resync: [] });
    if (ack.ok) expect(new Set(ack.caughtUp)).toEqual(new Set(Object.keys(positions)));
    expect(replayedAttributes.map((e) => e.values.dimming)).toEqual([2, 3, 4, 5]);
    const lastSeq = positions[streams.device(id)]!;
    expect(replayedAttributes.map((e) => e.seq)).toEqual([lastSeq + 1, lastSeq + 2, lastSeq + 3, lastSeq + 4]);
    expect(replayedChanges.filter((e) => e.deviceId === id).map((e) => e.connected)).toEqual([false]);
    const seqs = replayedChanges.map((e) => e.seq);
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    expect(seqs.every((seq) => seq > positions[projectStream]!)).toBe(true);

    // The resumed device stream keeps going live, numbered on.
    await report(serial, id, 6);
    await expect.poll(() => replayedAttributes.at(-1)?.seq).toBe(lastSeq + 5);
  });

  it('tells a client to resync a stream whose gap is longer than the server keeps, or of another epoch', async () => {
    const serial = uniqueSerial('GAP');
    const id = await h.register(serial);
    const first = await h.socket();
    const ack = await subscribe(first, { deviceIds: [id] });
    const seen = ack.ok ? ack.streams[streams.device(id)]! : -1;
    first.disconnect();
    const sent = 120;
    for (let i = 0; i < sent; i += 1) {
      await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { dimming: i % 100 } });
    }
    await expect.poll(async () => (await h.api(`/v1/devices/${id}`)).body.attributes.dimming).toBe((sent - 1) % 100);

    const second = await h.socket();
    const replayed = collect(second, 'DeviceAttributeValueUpdated', (e) => e.deviceId === id);
    const answer = await resume(second, { epoch: first.session.epoch, positions: { [streams.device(id)]: seen } });
    expect(answer).toMatchObject({ ok: true, caughtUp: [], resync: [streams.device(id)] });
    expect(replayed).toEqual([]);

    const stale = await resume(second, {
      epoch: 'an-epoch-before-a-restart',
      positions: { [streams.fleet(DEMO_PROJECT_ID)]: 3, [streams.device(id)]: 5 },
    });
    expect(stale).toMatchObject({ ok: true, epoch: first.session.epoch, caughtUp: [] });
    if (stale.ok) expect(new Set(stale.resync)).toEqual(new Set([streams.fleet(DEMO_PROJECT_ID), streams.device(id)]));
    // A resynced detailed stream is subscribed again all the same.
    const live = nextEvent(second, 'DeviceAttributeValueUpdated', (e) => e.deviceId === id);
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { dimming: 99 } });
    expect((await live).payload.seq).toBe(sent + 1);
  });

  it('resumes in the handshake: the session answers and the missed items follow before any live one', async () => {
    const serial = uniqueSerial('HSK');
    const id = await h.register(serial);
    const first = await h.socket();
    const ack = await subscribe(first, { deviceIds: [id] });
    const deviceStream = streams.device(id);
    const seen = ack.ok ? ack.streams[deviceStream]! : -1;
    first.disconnect();
    for (const dimming of [31, 32, 33]) await report(serial, id, dimming);

    const arrivals: string[] = [];
    let replayed: AttributeItem[] = [];
    const second = await h.socket(
      { resume: { epoch: first.session.epoch, positions: { [deviceStream]: seen } } },
      (socket) => {
        replayed = collect(socket, 'DeviceAttributeValueUpdated', (e) => e.deviceId === id);
        socket.onAny((event: string) => arrivals.push(event));
      },
    );
    expect(second.session.resumed).toEqual({ caughtUp: [deviceStream], resync: [] });
    expect(second.session.streams[deviceStream]).toBe(seen + 3);
    await expect.poll(() => replayed.map((e) => e.values.dimming)).toEqual([31, 32, 33]);
    expect(arrivals[0]).toBe('session');
    await report(serial, id, 34);
    await expect.poll(() => replayed.map((e) => e.seq)).toEqual([seen + 1, seen + 2, seen + 3, seen + 4]);
    await expect(h.socket({ resume: { epoch: 'x', positions: { nope: 1 } } })).rejects.toThrow(/VALIDATION_FAILED/);
  });

  it('refuses a resume naming something that is not a stream', async () => {
    const socket = await h.socket();
    expect(await resume(socket, { epoch: socket.session.epoch, positions: { 'room:lobby': 1 } })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
  });

  it('pushes a compact fleet state only when it changes, from registration on', async () => {
    const socket = await h.socket();
    const serial = uniqueSerial('FLEET');
    const all = collect(socket, 'FleetStateUpdated');
    const id = await h.register(serial);
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { poweredOn: true, dimming: 80 } });
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { poweredOn: true, voltage: 230 } });
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { voltage: 231 } });
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { poweredOn: false } });
    await h.publish(serial, 'connection', { connected: false, ts: new Date().toISOString() });
    await h.publish(serial, 'connection', { connected: true, ts: new Date().toISOString() });
    await expect.poll(() => all.filter((e) => e.deviceId === id).length).toBe(5);
    await sleep(300);
    const states = all.filter((e) => e.deviceId === id);
    expect(states.map(({ connected, on, alarm, status }) => ({ connected, on, alarm, status }))).toEqual([
      { connected: true, on: null, alarm: false, status: 'ready' },
      { connected: true, on: true, alarm: false, status: 'ready' },
      { connected: true, on: false, alarm: false, status: 'ready' },
      { connected: false, on: false, alarm: false, status: 'ready' },
      { connected: true, on: false, alarm: false, status: 'ready' },
    ]);
    expect(new Set(states.map((e) => e.stream))).toEqual(new Set([streams.fleet(DEMO_PROJECT_ID)]));
  });

  it('derives a cabinet controller that reports only its outputs as on when any output is', async () => {
    const serial = uniqueSerial('CAB');
    const id = await h.register(serial, { deviceType: 'cabinet-controller' });
    await h.publish(serial, 'attributes', {
      ts: new Date().toISOString(),
      values: {
        outputs: [
          { index: 1, on: false },
          { index: 2, on: true },
        ],
      },
    });
    await expect.poll(async () => (await h.api(`/v1/fleet?deviceId=${id}`)).body.items[0]?.on).toBe(true);
  });

  it('lists the compact fleet from memory with the fleet streams positions', async () => {
    const serial = uniqueSerial('LIST');
    const socket = await h.socket();
    const states = collect(socket, 'FleetStateUpdated');
    const id = await h.register(serial, { name: 'Carrer de Mallorca 12', latitude: 41.39, longitude: 2.16 });
    await expect.poll(() => states.find((e) => e.deviceId === id)).toBeDefined();
    const { status, body } = await h.api(`/v1/fleet?q=mallorca`);
    expect(status).toBe(200);
    expect(body.items).toContainEqual({
      deviceId: id,
      projectId: DEMO_PROJECT_ID,
      serialNumber: serial,
      name: 'Carrer de Mallorca 12',
      deviceType: 'light-point-controller',
      vendor: 'orion',
      latitude: 41.39,
      longitude: 2.16,
      connected: true,
      on: null,
      alarm: false,
      status: 'ready',
    });
    expect(body.streams[streams.fleet(DEMO_PROJECT_ID)]).toBeGreaterThanOrEqual(
      states.find((e) => e.deviceId === id)!.seq,
    );

    const byId = await h.api(`/v1/fleet?deviceId=${id}&deviceId=${id}`);
    expect(byId.body.items.map((d: { deviceId: string }) => d.deviceId)).toEqual([id]);
    const all = await h.api('/v1/fleet');
    expect(all.body.items.length).toBe((await h.api('/health')).body.devices);
    expect((await h.api(`/v1/fleet?projectId=${DEMO_PROJECT_ID}&q=${serial}`)).body.items).toHaveLength(1);
    expect((await h.api('/v1/fleet?deviceId=nope')).body.error.code).toBe('VALIDATION_FAILED');
    expect((await h.api('/v1/fleet?projectId=3f1e8a1c-0000-4000-8000-000000000002')).body.items).toEqual([]);
  });
});

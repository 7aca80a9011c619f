import { streams } from '@farola/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_ID } from '@/lib/api/data-generators';
import { RealtimeClient } from './realtime-client';
import type { Resync } from './resync';
import { createSocketDouble } from './testing/socket-double';
import type { TransportEventPayloads } from './transport';

const DEVICE_ID = '00000000-0000-4000-8000-000000000001';
const OTHER_DEVICE_ID = '00000000-0000-4000-8000-000000000002';
const PROJECT_STREAM = `project:${PROJECT_ID}`;
const FLEET_STREAM = `fleet:${PROJECT_ID}`;
const DEVICE_STREAM = `device:${DEVICE_ID}`;

function connection(
  seq: number | undefined,
  connected = true,
): TransportEventPayloads['DeviceConnectionStatusUpdated'] {
  const base = { deviceId: DEVICE_ID, projectId: PROJECT_ID, ts: '2025-05-04T10:00:00.000Z', connected };
  return seq === undefined ? base : { ...base, stream: PROJECT_STREAM, seq };
}

function fleetState(seq: number): TransportEventPayloads['FleetStateUpdated'] {
  const state = { deviceId: DEVICE_ID, projectId: PROJECT_ID, connected: true, on: seq % 2 === 0, alarm: false };
  return { ...state, status: 'ready', stream: FLEET_STREAM, seq };
}

function attributes(seq: number): TransportEventPayloads['DeviceAttributeValueUpdated'] {
  return { deviceId: DEVICE_ID, projectId: PROJECT_ID, ts: '2025-05-04T10:00:00.000Z', values: { dimming: seq }, seq };
}

function setup() {
  const { transport, server } = createSocketDouble();
  const client = new RealtimeClient(transport, 20);
  const stop = client.start();
  const seen: (number | undefined)[] = [];
  const resyncs: Resync[] = [];
  const fleetSeen: (number | undefined)[] = [];
  client.event$('DeviceConnectionStatusUpdated').subscribe((item) => seen.push(item.seq));
  client.event$('FleetStateUpdated').subscribe((item) => fleetSeen.push(item.seq));
  client.resync$.subscribe((resync) => resyncs.push(resync));
  return { client, server, seen, fleetSeen, resyncs, stop };
}

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

describe('the realtime client', () => {
  it('drops items it has already seen and passes on the new ones in order', () => {
    const env = setup();
    stop = env.stop;
    env.server.connect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 4 } });
    for (const seq of [3, 4, 5, 5, 6]) env.server.push('DeviceConnectionStatusUpdated', connection(seq));
    expect(env.seen).toEqual([5, 6]);
    expect(env.resyncs).toEqual([]);
  });

  it('reloads everything when the projects the user may see change, and resumes only the visible streams', () => {
    const env = setup();
    stop = env.stop;
    const other = '00000000-0000-4000-8000-0000000000ff';
    env.server.connect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 4, [FLEET_STREAM]: 2 } });
    env.server.access({ projectIds: [other], streams: { [`fleet:${other}`]: 9, [`project:${other}`]: 3 } });
    expect(env.resyncs).toEqual([{ all: true }]);
    expect(env.server.handshakeResume()).toEqual({
      epoch: 'e1',
      positions: { [`fleet:${other}`]: 9, [`project:${other}`]: 3 },
    });
  });

  it('passes on items without a stream position, as a server without streams sends them', () => {
    const env = setup();
    stop = env.stop;
    env.server.connect();
    env.server.push('DeviceConnectionStatusUpdated', connection(undefined));
    env.server.push('DeviceConnectionStatusUpdated', connection(undefined, false));
    expect(env.seen).toEqual([undefined, undefined]);
  });

  it('resumes in the handshake from the last seq seen, and reloads only what the session says must resync', async () => {
    const env = setup();
    stop = env.stop;
    env.server.connect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 0, [FLEET_STREAM]: 7 } });
    env.server.push('DeviceConnectionStatusUpdated', connection(1));
    expect(env.server.handshakeResume()).toEqual({
      epoch: 'e1',
      positions: { [PROJECT_STREAM]: 1, [FLEET_STREAM]: 7 },
    });
    // The session's positions are those after the replay, which follows it before any live item.
    env.server.reconnect({
      epoch: 'e1',
      streams: { [PROJECT_STREAM]: 3, [FLEET_STREAM]: 9 },
      resumed: { caughtUp: [PROJECT_STREAM], resync: [FLEET_STREAM] },
    });
    env.server.push('DeviceConnectionStatusUpdated', connection(2, false));
    env.server.push('DeviceConnectionStatusUpdated', connection(3));
    expect(env.seen).toEqual([1, 2, 3]);
    await vi.waitFor(() => expect(env.resyncs).toEqual([{ all: false, streams: [FLEET_STREAM] }]));
    expect(env.server.requests.map((request) => request.name)).not.toContain('resume');
  });

  it('resumes with the resume message when the session does not answer the handshake', async () => {
    const env = setup();
    stop = env.stop;
    env.server.connect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 0, [FLEET_STREAM]: 7 } });
    env.server.push('DeviceConnectionStatusUpdated', connection(1));
    env.server.answer('resume', () => {
      // The server replays what was missed before it answers.
      env.server.push('DeviceConnectionStatusUpdated', connection(1));
      env.server.push('DeviceConnectionStatusUpdated', connection(2, false));
      return { ok: true, epoch: 'e1', caughtUp: [PROJECT_STREAM, FLEET_STREAM], resync: [] };
    });
    env.server.reconnect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 2, [FLEET_STREAM]: 7 } });
    await vi.waitFor(() => expect(env.seen).toEqual([1, 2]));
    expect(env.server.requests.find((request) => request.name === 'resume')?.body).toEqual({
      epoch: 'e1',
      positions: { [PROJECT_STREAM]: 1, [FLEET_STREAM]: 7 },
    });
    expect(env.resyncs).toEqual([]);
  });

  it('reloads only the streams the server answers resync', async () => {
    const env = setup();
    stop = env.stop;
    env.server.connect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 3, [FLEET_STREAM]: 9 } });
    env.server.answer('resume', () => ({ ok: true, epoch: 'e1', caughtUp: [PROJECT_STREAM], resync: [FLEET_STREAM] }));
    env.server.reconnect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 3, [FLEET_STREAM]: 12 } });
    await vi.waitFor(() => expect(env.resyncs).toEqual([{ all: false, streams: [FLEET_STREAM] }]));
    expect(env.client.position(FLEET_STREAM)).toBeUndefined();
    expect(env.client.position(PROJECT_STREAM)).toBe(3);
  });

  it('reloads everything after a reconnect to a server that never sent a session', async () => {
    const env = setup();
    stop = env.stop;
    env.server.connect();
    env.server.reconnect();
    await vi.waitFor(() => expect(env.resyncs).toEqual([{ all: true }]));
    expect(env.server.requests.map((request) => request.name)).not.toContain('resume');
  });

  it('reloads everything when the resume is refused or unanswered', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env = setup();
    stop = env.stop;
    env.server.connect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 3 } });
    env.server.reconnect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 3 } });
    await vi.waitFor(() => expect(env.resyncs).toEqual([{ all: true }]));
  });

  it('reloads a stream whose hole is not filled in time', async () => {
    const env = setup();
    stop = env.stop;
    env.server.connect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 1 } });
    env.server.push('DeviceConnectionStatusUpdated', connection(2));
    env.server.push('DeviceConnectionStatusUpdated', connection(5));
    expect(env.seen).toEqual([2, 5]);
    await vi.waitFor(() => expect(env.resyncs).toEqual([{ all: false, streams: [PROJECT_STREAM] }]));
  });

  it('accepts items of one stream that arrive out of order (batched per event name), once each', async () => {
    const env = setup();
    stop = env.stop;
    env.server.connect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 1 } });
    env.server.push('DeviceConnectionStatusUpdated', connection(2));
    env.server.push('DeviceConnectionStatusUpdated', connection(4));
    env.server.push('DeviceConnectionStatusUpdated', connection(3));
    env.server.push('DeviceConnectionStatusUpdated', connection(3));
    expect(env.seen).toEqual([2, 4, 3]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(env.resyncs).toEqual([]);
  });

  it('drops live items a REST snapshot already holds, and has the items a snapshot read before the join replayed', async () => {
    const env = setup();
    stop = env.stop;
    env.server.answer('resume', () => ({ ok: true, epoch: 'e1', caughtUp: [FLEET_STREAM], resync: [] }));
    env.client.noteSnapshot({ [PROJECT_STREAM]: 5, [FLEET_STREAM]: 2 });
    env.server.connect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 5, [FLEET_STREAM]: 4 } });
    env.server.push('DeviceConnectionStatusUpdated', connection(5));
    env.server.push('DeviceConnectionStatusUpdated', connection(6));
    expect(env.seen).toEqual([6]);
    // The fleet snapshot (seq 2) predates the socket's join (4): items 3 and 4 are asked for, once.
    expect(env.server.requests).toEqual([{ name: 'resume', body: { epoch: 'e1', positions: { [FLEET_STREAM]: 2 } } }]);
    env.server.push('FleetStateUpdated', fleetState(3));
    env.server.push('FleetStateUpdated', fleetState(4));
    env.server.push('FleetStateUpdated', fleetState(4));
    expect(env.fleetSeen).toEqual([3, 4]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(env.resyncs).toEqual([]);
  });

  it('catches up a snapshot answered after the join too, and reloads the stream when the server cannot replay', async () => {
    const env = setup();
    stop = env.stop;
    env.server.answer('resume', () => ({ ok: true, epoch: 'e1', caughtUp: [], resync: [FLEET_STREAM] }));
    env.server.connect({ epoch: 'e1', streams: { [FLEET_STREAM]: 9 } });
    env.client.noteSnapshot({ [FLEET_STREAM]: 7 });
    expect(env.server.requests).toEqual([{ name: 'resume', body: { epoch: 'e1', positions: { [FLEET_STREAM]: 7 } } }]);
    await vi.waitFor(() => expect(env.resyncs).toEqual([{ all: false, streams: [FLEET_STREAM] }]));
  });

  it('joins a detailed stream when its Observable is first subscribed and leaves it when the last one unsubscribes', async () => {
    const env = setup();
    stop = env.stop;
    env.server.connect({ epoch: 'e1', streams: {} });
    env.server.answer('subscribe', () => ({ ok: true, streams: { [DEVICE_STREAM]: 12 } }));
    env.server.answer('unsubscribe', () => ({ ok: true }));
    const panel: unknown[] = [];
    const chart: unknown[] = [];
    const first = env.client.stream$(streams.device(DEVICE_ID)).subscribe((item) => panel.push(item));
    const second = env.client.stream$(streams.device(DEVICE_ID)).subscribe((item) => chart.push(item));
    await vi.waitFor(() => expect(env.client.position(DEVICE_STREAM)).toBe(12));
    expect(env.server.requests).toEqual([{ name: 'subscribe', body: { deviceIds: [DEVICE_ID] } }]);

    const report = { ...attributes(13), stream: DEVICE_STREAM };
    env.server.push('DeviceAttributeValueUpdated', report);
    // Another device's report, and an item of another stream, are not this stream's.
    env.server.push('DeviceAttributeValueUpdated', { ...attributes(1), stream: `device:${OTHER_DEVICE_ID}` });
    env.server.push('DeviceConnectionStatusUpdated', connection(1));
    expect(panel).toEqual([{ event: 'DeviceAttributeValueUpdated', payload: report }]);
    expect(chart).toEqual(panel);

    first.unsubscribe();
    expect(env.server.requests).toHaveLength(1);
    second.unsubscribe();
    expect(env.server.requests).toEqual([
      { name: 'subscribe', body: { deviceIds: [DEVICE_ID] } },
      { name: 'unsubscribe', body: { deviceIds: [DEVICE_ID] } },
    ]);
    expect(env.client.position(DEVICE_STREAM)).toBeUndefined();
  });

  it('follows a stream the socket is in from connect without subscribing to it', () => {
    const env = setup();
    stop = env.stop;
    env.server.connect({ epoch: 'e1', streams: { [PROJECT_STREAM]: 0 } });
    const items: unknown[] = [];
    const following = env.client.stream$(streams.project(PROJECT_ID)).subscribe((item) => items.push(item));
    env.server.push('DeviceConnectionStatusUpdated', connection(1));
    env.server.push('FleetStateUpdated', fleetState(1));
    following.unsubscribe();
    env.server.push('DeviceConnectionStatusUpdated', connection(2));
    expect(items).toEqual([{ event: 'DeviceConnectionStatusUpdated', payload: connection(1) }]);
    expect(env.server.requests).toEqual([]);
  });

  it("passes on one device's items of every stream while holding its own", async () => {
    const env = setup();
    stop = env.stop;
    env.server.connect({ epoch: 'e1', streams: {} });
    env.server.answer('subscribe', () => ({ ok: true, streams: { [DEVICE_STREAM]: 0 } }));
    env.server.answer('unsubscribe', () => ({ ok: true }));
    const events: string[] = [];
    const open = env.client.device$(DEVICE_ID).subscribe(({ event }) => events.push(event));
    await vi.waitFor(() => expect(env.client.position(DEVICE_STREAM)).toBe(0));
    env.server.push('DeviceConnectionStatusUpdated', connection(1));
    env.server.push('FleetStateUpdated', fleetState(1));
    env.server.push('DeviceAttributeValueUpdated', { ...attributes(1), stream: DEVICE_STREAM });
    env.server.push('DeviceAttributeValueUpdated', { ...attributes(2), deviceId: OTHER_DEVICE_ID });
    expect(events).toEqual(['DeviceConnectionStatusUpdated', 'FleetStateUpdated', 'DeviceAttributeValueUpdated']);
    open.unsubscribe();
    expect(env.server.requests.map((request) => request.name)).toEqual(['subscribe', 'unsubscribe']);
  });

  it('sends a subscription made while the socket was down once it connects', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env = setup();
    stop = env.stop;
    env.client.stream$(streams.device(DEVICE_ID)).subscribe();
    await vi.waitFor(() => expect(env.server.requests).toHaveLength(1));
    env.server.answer('subscribe', () => ({ ok: true, streams: { [DEVICE_STREAM]: 0 } }));
    env.server.connect({ epoch: 'e1', streams: {} });
    await vi.waitFor(() => expect(env.client.position(DEVICE_STREAM)).toBe(0));
    expect(env.server.requests.filter((request) => request.name === 'subscribe')).toHaveLength(2);
  });
});

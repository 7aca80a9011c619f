import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildFleetDevice, PROJECT_ID } from '@/lib/api/data-generators';
import type { ConnectionState } from './socket';

/** A stand-in for the Socket.IO client: the test plays the server's side by firing its events. */
class FakeSocket {
  active = true;
  connected = false;
  readonly sent: { name: string; body: unknown }[] = [];
  timeout() {
    return { emitWithAck: async (name: string, body: unknown) => (this.sent.push({ name, body }), { ok: true }) };
  }
  private readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  listens(event: string) {
    return this.handlers.has(event);
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.active = false;
    return this;
  }
}

const fake = vi.hoisted(() => ({ socket: null as unknown }));
vi.mock('socket.io-client', () => ({ io: () => fake.socket }));

const fleetState = buildFleetDevice({ seed: 900 });
const connection = {
  deviceId: '00000000-0000-4000-8000-000000000001',
  projectId: PROJECT_ID,
  ts: '2025-05-04T10:00:00.000Z',
};

async function setup() {
  const socket = new FakeSocket();
  fake.socket = socket;
  const realtime = await import('./socket');
  const states: ConnectionState[] = [];
  const stateSubscription = realtime.connectionState$.subscribe((state) => states.push(state));
  const disconnect = realtime.connectRealtime();
  // The Socket.IO client is loaded on demand: wait until it is wired.
  await vi.waitFor(() => expect(socket.listens('connect')).toBe(true));
  return { socket, realtime, states, stop: () => (stateSubscription.unsubscribe(), disconnect()) };
}

let stop: () => void = () => undefined;
beforeEach(() => vi.resetModules());
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

describe('the realtime socket', () => {
  it('validates each incoming message once, however many streams listen to it', async () => {
    const env = await setup();
    stop = env.stop;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first: unknown[] = [];
    const second: unknown[] = [];
    env.realtime.transport.event$('DeviceConnectionStatusUpdated').subscribe((payload) => first.push(payload));
    env.realtime.transport.event$('DeviceConnectionStatusUpdated').subscribe((payload) => second.push(payload));
    env.socket.fire('DeviceConnectionStatusUpdated', [
      { ...connection, connected: true, stream: `project:${PROJECT_ID}`, seq: 3 },
      { ...connection, connected: 'no' },
    ]);
    // The device event schemas load with the first device event; then the stream position the
    // realtime contract adds is kept.
    await vi.waitFor(() =>
      expect(first).toEqual([{ ...connection, connected: true, stream: `project:${PROJECT_ID}`, seq: 3 }]),
    );
    expect(second).toEqual(first);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('keeps the order of events that arrive while the device event schemas load', async () => {
    const env = await setup();
    stop = env.stop;
    const seen: string[] = [];
    env.realtime.transport.event$('DeviceConnectionStatusUpdated').subscribe((p) => seen.push(`connection ${p.seq}`));
    env.realtime.transport.event$('FleetStateUpdated').subscribe((p) => seen.push(`fleet ${p.seq}`));
    env.socket.fire('DeviceConnectionStatusUpdated', {
      ...connection,
      connected: true,
      stream: `project:${PROJECT_ID}`,
      seq: 5,
    });
    env.socket.fire('FleetStateUpdated', { ...fleetState, stream: `fleet:${PROJECT_ID}`, seq: 6 });
    env.socket.fire('DeviceConnectionStatusUpdated', {
      ...connection,
      connected: false,
      stream: `project:${PROJECT_ID}`,
      seq: 7,
    });
    await vi.waitFor(() => expect(seen).toEqual(['connection 5', 'fleet 6', 'connection 7']));
  });

  it("says 'connecting' while Socket.IO retries and 'disconnected' after the server closed the connection", async () => {
    const env = await setup();
    stop = env.stop;
    env.socket.fire('connect');
    env.socket.fire('disconnect', 'transport close');
    expect(env.states.at(-1)).toBe('connecting');
    env.socket.fire('connect');
    env.socket.active = false;
    env.socket.fire('disconnect', 'io server disconnect');
    expect(env.states.at(-1)).toBe('disconnected');
  });

  it('announces every connect and a valid session, and drops an invalid one', async () => {
    const env = await setup();
    stop = env.stop;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const connects = vi.fn();
    const sessions: unknown[] = [];
    env.realtime.transport.connects$.subscribe(connects);
    env.realtime.transport.session$.subscribe((session) => sessions.push(session));
    env.socket.fire('connect');
    env.socket.fire('session', { epoch: 'e1', streams: { [`fleet:${PROJECT_ID}`]: 4 } });
    env.socket.fire('session', { epoch: 42 });
    env.socket.fire('disconnect', 'transport close');
    env.socket.fire('connect');
    expect(connects).toHaveBeenCalledTimes(2);
    expect(sessions).toEqual([{ epoch: 'e1', streams: { [`fleet:${PROJECT_ID}`]: 4 } }]);
  });

  it('sends requests with an acknowledgement only while connected', async () => {
    const env = await setup();
    stop = env.stop;
    await expect(env.realtime.transport.request('subscribe', { deviceIds: [] })).rejects.toThrow(/not connected/);
    env.socket.fire('connect');
    await expect(env.realtime.transport.request('subscribe', { deviceIds: [connection.deviceId] })).resolves.toEqual({
      ok: true,
    });
    expect(env.socket.sent).toEqual([{ name: 'subscribe', body: { deviceIds: [connection.deviceId] } }]);
  });
});

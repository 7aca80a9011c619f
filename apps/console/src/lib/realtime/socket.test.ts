import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_ID } from '@/lib/api/data-generators';
import type { ConnectionState } from './socket';

/** A stand-in for the Socket.IO client: the test plays the server's side by firing its events. */
class FakeSocket {
  active = true;
  private readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
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
    env.realtime.event$('DeviceConnectionStatusUpdated').subscribe((payload) => first.push(payload));
    env.realtime.event$('DeviceConnectionStatusUpdated').subscribe((payload) => second.push(payload));
    env.socket.fire('DeviceConnectionStatusUpdated', [
      { ...connection, connected: true },
      { ...connection, connected: 'no' },
    ]);
    expect(first).toEqual([{ ...connection, connected: true }]);
    expect(second).toEqual(first);
    expect(warn).toHaveBeenCalledOnce();
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

  it('announces a reconnect to a stream that subscribed while the socket was down, but not the first connection', async () => {
    const env = await setup();
    stop = env.stop;
    const reconnects = vi.fn();
    env.realtime.reconnected$.subscribe(reconnects);
    env.socket.fire('connect');
    expect(reconnects).not.toHaveBeenCalled();
    env.socket.fire('disconnect', 'transport close');
    const late = vi.fn();
    env.realtime.reconnected$.subscribe(late);
    env.socket.fire('connect');
    expect(reconnects).toHaveBeenCalledOnce();
    expect(late).toHaveBeenCalledOnce();
  });
});

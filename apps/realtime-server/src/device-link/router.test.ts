import { topics } from '@farola/protocol';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RateLimitedWarn } from './rate-limited-warn';
import { type DeviceMessage, DeviceMessageRouter, MessageRejection } from './router';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const routerAt = (now = NOW) => new DeviceMessageRouter(new RateLimitedWarn(pino({ level: 'silent' })), () => now);
const send = (router: DeviceMessageRouter, topic: string, body: unknown) =>
  router.handle(topic, Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)));
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the device message router', () => {
  it('hands a valid message, typed and dated in UTC, to every handler of its channel', async () => {
    const router = routerAt();
    const seen: DeviceMessage<'attributes'>[] = [];
    const alsoSeen: number[] = [];
    router.register({ attributes: (message) => void seen.push(message) });
    router.register({ attributes: async ({ message }) => void alsoSeen.push(message.values.dimming ?? -1) });

    send(router, topics.up('OR-LP-000001', 'attributes'), {
      ts: '2026-06-01T13:59:00+02:00',
      values: { dimming: 40 },
    });
    await settle();

    expect(seen).toEqual([
      {
        serialNumber: 'OR-LP-000001',
        channel: 'attributes',
        message: { ts: '2026-06-01T11:59:00.000Z', values: { dimming: 40 } },
        receivedAt: '2026-06-01T12:00:00.000Z',
      },
    ]);
    expect(alsoSeen).toEqual([40]);
    expect(router.metrics).toMatchObject({ received: 1, accepted: 1, rejected: 0 });
  });

  it('counts as rejected what fails to parse or validate, and what a handler refuses', async () => {
    const router = routerAt();
    let calls = 0;
    router.register({
      commands: () => {
        calls += 1;
        throw new MessageRejection({ reason: 'unknown request' });
      },
    });
    send(router, topics.up('OR-LP-000001', 'attributes'), 'not json');
    send(router, topics.up('OR-LP-000001', 'attributes'), { ts: 'now', values: {} });
    send(router, 'lighting/v1/devices/OR-LP-000001/up/sideways', {});
    send(router, topics.up('OR-LP-000001', 'commands'), {
      requestId: crypto.randomUUID(),
      status: 'DONE',
      progress: 100,
    });
    await settle();
    expect(calls).toBe(1);
    expect(router.metrics).toMatchObject({ received: 4, accepted: 0, rejected: 4 });
  });

  it('dates a report more than a minute ahead on arrival and counts it, and keeps one within the allowance', async () => {
    const router = routerAt();
    const dated: string[] = [];
    router.register({ attributes: ({ message }) => void dated.push(message.ts) });

    send(router, topics.up('OR-LP-000001', 'attributes'), { ts: '9999-12-31T23:59:59Z', values: { dimming: 1 } });
    send(router, topics.up('OR-LP-000001', 'attributes'), { ts: '2026-06-01T12:00:30Z', values: { dimming: 2 } });
    await settle();

    expect(dated).toEqual(['2026-06-01T12:00:00.000Z', '2026-06-01T12:00:30.000Z']);
    expect(router.metrics).toMatchObject({ accepted: 2, rejected: 0, futureTimestamps: 1 });
  });

  it("also clamps a gateway's future-dated connection message", async () => {
    const router = routerAt();
    const dated: (string | undefined)[] = [];
    router.register({ gatewayConnection: ({ message }) => void dated.push(message.ts) });
    send(router, topics.gatewayConnection('GW-1'), { connected: false, ts: '2099-01-01T00:00:00Z', devices: [] });
    await settle();
    expect(dated).toEqual(['2026-06-01T12:00:00.000Z']);
  });
});

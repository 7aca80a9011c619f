import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedBroker } from '../device-link/embedded-broker';
import { OPEN_BROKER_SERVER, startOpenBroker } from '../testing/open-broker';
import { type Harness, startHarness } from '../testing/harness';

// The server still answers while its broker is gone, but it reaches no device: health must say so.
describe('health while the MQTT broker is unreachable', () => {
  let broker: EmbeddedBroker;
  let h: Harness;
  beforeAll(async () => {
    broker = await startOpenBroker();
    h = await startHarness({
      MQTT_URL: broker.url,
      MQTT_USERNAME: OPEN_BROKER_SERVER.username,
      MQTT_PASSWORD: OPEN_BROKER_SERVER.password,
    });
  });
  afterAll(async () => {
    await h?.close();
    await broker?.close();
  });

  it('answers 200 ok with the device link up, 503 degraded while it is down, and ok again once it is back', async () => {
    const up = await h.api('/health');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ status: 'ok', deviceLink: { connected: true }, storage: { quarantined: 0 } });

    await broker.close();
    await expect.poll(async () => (await h.api('/health')).status, { timeout: 10_000 }).toBe(503);
    const down = await h.api('/health');
    expect(down.body).toMatchObject({ status: 'degraded', deviceLink: { connected: false } });
    expect(Date.parse(down.body.deviceLink.since)).toBeGreaterThan(Date.parse(up.body.deviceLink.since));

    broker = await startOpenBroker(broker.port);
    await expect.poll(async () => (await h.api('/health')).body.status, { timeout: 15_000 }).toBe('ok');
  });
});

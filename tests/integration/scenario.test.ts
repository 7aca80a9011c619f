import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Device, OPERATE_MODE_TABLE, type Page } from '@farola/protocol';
import { getJson, type Stack, startStack } from './stack';

/**
 * A simulator scenario run against the real server: what the devices do must be what the server
 * records. The embedded defaults only: the scenario's effect does not depend on the database.
 */
describe('a simulator scenario against the server', () => {
  let stack: Stack;
  const api = (path: string) => `${stack.httpUrl}/lighting/api/v1${path}`;
  const lightPoints = async () =>
    (await getJson<Page<Device>>(api(`/devices?q=${stack.serialPrefix}&deviceType=light-point-controller&limit=500`)))
      .body.items;

  beforeAll(async () => {
    // 60 simulated seconds per real second: dusk comes and goes within the test.
    stack = await startStack('embedded', 40, { speed: 60, control: { port: 0, host: '127.0.0.1' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('sunset-burst: at dusk every light point whose mode lights at night is recorded switched on, the others off', async () => {
    const started = await fetch(`${stack.fleet.controlUrl}/scenarios/sunset-burst`, { method: 'POST' });
    expect(started.status).toBe(200);
    // The server learns each light point's mode from its reports; then every one must be as its mode says.
    await expect
      .poll(
        async () => {
          const recorded = await lightPoints();
          const wrong = recorded.filter((device) => {
            const mode = device.attributes.operateMode;
            if (mode === undefined) return true;
            const lightsAtNight = OPERATE_MODE_TABLE[mode].light !== 'off';
            return device.attributes.poweredOn !== lightsAtNight;
          });
          return { total: recorded.length, wrong: wrong.map((device) => device.serialNumber) };
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toEqual({ total: expect.any(Number), wrong: [] });
    const recorded = await lightPoints();
    expect(recorded.filter((device) => device.attributes.poweredOn).length).toBeGreaterThan(recorded.length / 2);
  });
});

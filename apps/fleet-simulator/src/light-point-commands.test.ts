import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AttributeValuesSchema, type CommandName, type UpCommandMessage } from '@farola/protocol';
import { SimClock } from './clock';
import { createCommandHandlers } from './command-handlers';
import { CommandRunner } from './command-runner';
import { changeValues } from './device';
import type { LightPoint, SimDevice } from './device-state';
import { setGpsFix } from './gps';
import { advanceLightPoint, setLightPointOperateMode } from './light-point';
import { fedLightPoint, lightPointsAt, NIGHT, NOON } from './testing/light-points';

/** A runner on a simulated clock standing at `at` (NIGHT), whose pauses pass at once; it records what devices say. */
function harness(at = NIGHT) {
  const answers: UpCommandMessage[] = [];
  const published: Array<ReturnType<typeof changeValues>> = [];
  const clock = new SimClock(1, () => 0, at);
  const runner = new CommandRunner({
    errorRate: 0,
    clock,
    handlers: createCommandHandlers({ reboot: () => Promise.resolve(), installation: { failureRate: 0 } }),
    send: (_device, message) => answers.push(message),
    publishChanges: (device) => {
      if (device.kind === 'light-point') advanceLightPoint(device, clock.now());
      published.push(AttributeValuesSchema.parse(changeValues(device, clock.now())));
    },
    takeForcedFailure: () => undefined,
    delay: () => Promise.resolve(),
    onFailure: (error) => {
      throw error;
    },
  });
  const run = async (device: SimDevice, command: CommandName, params: Record<string, unknown> = {}) => {
    const requestId = randomUUID();
    runner.handle(device, { requestId, command, params, attempt: 1, ts: new Date(0).toISOString() });
    await expect.poll(() => answers.some((a) => a.requestId === requestId && a.status !== 'IN_PROGRESS')).toBe(true);
    return answers.find((a) => a.requestId === requestId && a.status !== 'IN_PROGRESS')!;
  };
  return { run, published };
}

const orionLightPoint = (lightPoints: LightPoint[]) =>
  lightPoints.find((lp) => lp.spec.vendor === 'orion' && lp.spec.operateMode === '005')!;

describe('readLocation', () => {
  it('publishes a fresh fix: position, altitude, satellites and uncertainty', async () => {
    const lightPoint = orionLightPoint(lightPointsAt(NIGHT - 60 * 60_000));
    const { run, published } = harness();
    expect(await run(lightPoint, 'readLocation')).toMatchObject({ status: 'DONE', progress: 100 });
    const fix = published.at(-1)!;
    expect(fix).toMatchObject({ satellites: expect.any(Number), altitude: expect.any(Number) });
    expect(fix.latitude).toBeCloseTo(lightPoint.spec.latitude, 4);
    expect(fix.longitude).toBeCloseTo(lightPoint.spec.longitude, 4);
    expect(fix.uncertainty).toBeGreaterThan(0);
    expect(Date.parse(fix.gpsTime!)).toBeGreaterThanOrEqual(NIGHT);
  });

  it("answers NOT_FOUND, 'No GPS signal', without a fix, and publishes nothing", async () => {
    const lightPoint = lightPointsAt(NIGHT).find((lp) => lp.spec.vendor === 'vega')!;
    setGpsFix(lightPoint.gps, lightPoint.spec, lightPoint.random, false, NIGHT, 3_600_000);
    const { run, published } = harness();
    expect(await run(lightPoint, 'readLocation')).toMatchObject({
      status: 'ERROR',
      error: { code: 'NOT_FOUND', message: 'No GPS signal' },
    });
    expect(published).toEqual([]);
  });
});

describe('switchOn', () => {
  it('says in its answer when the circuit has no mains: done, the lamp dark until its cabinet powers it', async () => {
    const byDay = fedLightPoint(lightPointsAt(NOON));
    setLightPointOperateMode(byDay, '006');
    const day = harness(NOON);
    expect(await day.run(byDay, 'switchOn')).toMatchObject({ status: 'DONE', detail: { mains: false } });
    expect(day.published.at(-1)).toMatchObject({ poweredOn: false, shouldBeConnectedByGroup: false });

    const byNight = fedLightPoint(lightPointsAt(NIGHT));
    setLightPointOperateMode(byNight, '006');
    const night = harness(NIGHT);
    expect(await night.run(byNight, 'switchOn')).toMatchObject({ status: 'DONE', detail: { mains: true } });
    expect(night.published.at(-1)).toMatchObject({ poweredOn: true });
  });

  it('finds mains by day on an uninterruptible supply, and says nothing of it on a switch-off', async () => {
    const lightPoint = fedLightPoint(lightPointsAt(NOON));
    setLightPointOperateMode(lightPoint, '005');
    const { run, published } = harness(NOON);
    expect(await run(lightPoint, 'switchOn')).toMatchObject({ status: 'DONE', detail: { mains: true } });
    expect(published.at(-1)).toMatchObject({ poweredOn: true });
    const off = await run(lightPoint, 'switchOff');
    expect(off.status).toBe('DONE');
    expect(off.detail).toBeUndefined();
  });
});

describe('setOperateMode', () => {
  it('keeps the new mode on the device, which reports it and lights by it', async () => {
    const lightPoint = orionLightPoint(lightPointsAt(NIGHT));
    const { run, published } = harness();
    expect(await run(lightPoint, 'setOperateMode', { operateMode: '009' })).toMatchObject({ status: 'DONE' });
    expect(lightPoint.operateMode).toBe('009');
    expect(lightPoint.spec.operateMode).not.toBe(lightPoint.operateMode);
    expect(published.at(-1)).toMatchObject({ operateMode: '009', poweredOn: false, dimming: 0 });
  });

  it('refuses an operate mode outside the six codes, and cabinets refuse the command', async () => {
    const lightPoints = lightPointsAt(NIGHT);
    const { run } = harness();
    const bad = await run(orionLightPoint(lightPoints), 'setOperateMode', { operateMode: '007' });
    expect(bad).toMatchObject({ status: 'ERROR', error: { code: 'NOT_ACCEPTABLE' } });
    const cabinet = fedLightPoint(lightPoints).cabinet;
    const refused = await run(cabinet, 'setOperateMode', { operateMode: '005' });
    expect(refused).toMatchObject({ status: 'ERROR', error: { code: 'METHOD_NOT_ALLOWED' } });
  });
});

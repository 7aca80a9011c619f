import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlFleet, startControlFleet } from '../testing/control-fleet';
import type { ScenarioRunStatus } from './scenario-runner';
import { parseScenario } from './scenarios';
import { parseClockTarget, resolveClockTarget } from './sim-time';

/** Ten simulated minutes per real second: a scenario of half an hour runs in three seconds. */
const SPEED = 600;
const MINUTE = 60_000;
const NIGHT = '2026-01-15T22:00:00.000Z';

let sim: ControlFleet;
let cabinet: string;

beforeAll(async () => {
  sim = await startControlFleet({
    speed: SPEED,
    scenario: parseScenario('at-start', 'test', {
      description: 'Opens a door as soon as the fleet is up',
      steps: [
        {
          at: 0,
          action: {
            action: 'set-condition',
            target: { kind: 'cabinet', limit: 1 },
            params: { condition: 'staleData', on: true },
          },
        },
      ],
    }),
  });
  cabinet = sim.fleet.devices.find((d) => d.deviceType === 'cabinet-controller')!.serialNumber;
});

afterAll(async () => {
  await sim?.stop();
});

async function finished(name: string): Promise<ScenarioRunStatus> {
  await expect
    .poll(async () => (await sim.call('GET', `/scenarios/${name}`)).body['run']?.['state'], { timeout: 10_000 })
    .toBe('finished');
  return (await sim.call('GET', `/scenarios/${name}`)).body['run'] as ScenarioRunStatus;
}

const ms = (iso: string | undefined) => Date.parse(iso!);

describe('running scenarios', () => {
  it('runs SIM_SCENARIO once every device has reported', async () => {
    const run = await finished('at-start');
    expect(run.log).toEqual([expect.objectContaining({ step: 1, result: expect.objectContaining({ applied: 1 }) })]);
    const staleData = () =>
      sim.received
        .filter((r) => r.topic.endsWith('/up/alarms'))
        .map((r) => r.message as { type: string; active: boolean });
    await expect
      .poll(staleData)
      .toEqual([expect.objectContaining({ type: expect.stringMatching(/^(orion|vega)\.staleData$/), active: true })]);
  });

  it('runs the steps in order at their simulated offsets; a clock jump does not count', async () => {
    const from = sim.received.length;
    const door = (on: boolean) => ({
      action: 'set-condition',
      target: { serials: [cabinet] },
      params: { condition: 'cabinetDoorOpen', on },
    });
    const started = await sim.call('POST', '/scenarios', {
      name: 'short',
      description: 'A door open for half an hour, with a jump of six hours in between',
      steps: [
        { at: '+0m', clock: NIGHT, action: door(true) },
        {
          at: '+10m',
          note: 'A lamp fails',
          action: {
            action: 'inject-fault',
            target: { operateMode: '005', limit: 1 },
            params: { fault: 'lampFailure' },
          },
        },
        { at: '+20m', clock: '+6h' },
        { at: '+30m', action: door(false) },
      ],
    });
    expect(started.status).toBe(200);
    // A step due at once has run when the answer comes.
    expect(started.body).toMatchObject({ name: 'short', state: 'running', steps: 4, log: [{ step: 1, clock: NIGHT }] });
    expect((await sim.call('POST', '/scenarios', { ...started.body, steps: [{ at: 0, clock: '+1m' }] })).status).toBe(
      400,
    );

    const { log } = await finished('short');
    expect(log.map((step) => step.step)).toEqual([1, 2, 3, 4]);
    // Timers on a busy machine fire late, never early: 4 simulated minutes are 0.4 s here.
    const tolerance = 4 * MINUTE;
    expect(Math.abs(ms(log[1]!.ranAt) - ms(NIGHT) - 10 * MINUTE)).toBeLessThan(tolerance);
    expect(log[1]).toMatchObject({ note: 'A lamp fails', result: { action: 'inject-fault', matched: 1, applied: 1 } });
    expect(Math.abs(ms(log[2]!.ranAt) - ms(NIGHT) - 20 * MINUTE)).toBeLessThan(tolerance);
    expect(ms(log[2]!.clock) - ms(log[2]!.ranAt)).toBe(6 * 60 * MINUTE);
    // Ten minutes after the jump, not thirty minutes after the start.
    expect(Math.abs(ms(log[3]!.ranAt) - ms(log[2]!.clock) - 10 * MINUTE)).toBeLessThan(tolerance);
    await expect
      .poll(() =>
        sim
          .alarms(cabinet, from)
          .filter((a) => a.type === 'cabinetDoorOpen')
          .map((a) => a.active),
      )
      .toEqual([true, false]);
  });

  it('refuses a second run of a running scenario, and stops one on DELETE', async () => {
    const slow = { name: 'slow', description: 'Waits a simulated day', steps: [{ at: '+1d', clock: '+1m' }] };
    expect((await sim.call('POST', '/scenarios', slow)).status).toBe(200);
    const again = await sim.call('POST', '/scenarios', slow);
    expect(again.status).toBe(409);
    expect(again.body['error']['message']).toBe('Scenario slow is already running; DELETE /scenarios/slow stops it');
    expect((await sim.call('DELETE', '/scenarios/slow')).body).toMatchObject({ state: 'stopped', log: [] });
    expect((await sim.call('DELETE', '/scenarios/slow')).status).toBe(404);
  });

  it('lists the shipped scenarios and runs one by name: sunset-burst lights the curve lights', async () => {
    const list = await sim.call('GET', '/scenarios');
    expect(list.body['scenarios'].map((s: { name: string }) => s.name)).toEqual([
      'firmware-campaign-failures',
      'lamp-failures-spreading',
      'storm-outage',
      'sunset-burst',
    ]);
    expect(list.body['runs'].map((run: { name: string }) => run.name)).toEqual(['at-start', 'short', 'slow']);
    expect((await sim.call('GET', '/scenarios/sunset-burst')).body['scenario']['steps'][0]).toEqual({
      at: '+0m',
      note: '20 s before sunset',
      clock: 'sunset-20s',
    });

    await sim.call('PUT', '/clock', { time: '2026-01-16T11:00:00Z' });
    // An action without effect, to learn the serial number of a curve light.
    const lit = await sim.call('POST', '/actions', {
      action: 'set-command-failure-rate',
      target: { operateMode: '005', limit: 1 },
      params: { rate: 0 },
    });
    const lightPoint = lit.body['applied'][0] as string;
    const burst = await sim.call('POST', '/scenarios/sunset-burst');
    const step = burst.body['log'][0];
    const center = { lat: 41.3874, lng: 2.1686 };
    expect(ms(step.clock)).toBe(resolveClockTarget(parseClockTarget('sunset-20s')!, ms(step.ranAt), center));
    expect(new Date(step.clock).toISOString().slice(0, 10)).toBe('2026-01-16');
    const from = sim.received.length;
    // At dusk the night curve is at 100 %.
    await expect
      .poll(() => sim.reports(lightPoint, from).at(-1), { timeout: 10_000 })
      .toMatchObject({ dimming: 100, poweredOn: true });
    expect((await sim.call('POST', '/scenarios/no-such-thing')).status).toBe(404);
  });
});

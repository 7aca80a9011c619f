import { randomUUID } from 'node:crypto';
import {
  AttributeValuesSchema,
  type CommandName,
  type DownCommandMessage,
  type Schedule,
  ScheduleSchema,
  type UpCommandMessage,
  UpCommandMessageSchema,
} from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { SimClock } from './clock';
import { createCommandHandlers } from './command-handlers';
import { CommandRunner } from './command-runner';
import type { LightPoint, SimDevice } from './device-state';
import { DEFAULT_FLEET_OPTIONS } from './fleet-options';
import { createDevices } from './fleet-device';
import { buildFleetLayout } from './layout';
import { advanceLightPoint, isLit } from './light-point';
import { lightPointLiveValues } from './light-point-values';

/** 22:00 in Barcelona on a January night: the night curve says 100 %. */
const NIGHT = Date.parse('2026-01-15T21:00:00Z');
const HOUR_MS = 3_600_000;
const PROGRAM_ID = '0a000000-0000-4000-8000-000000000001';

/** A calendar that dims to 40 % from 20:00 and lights a winter afternoon at 30 % from 13:00. */
const SCHEDULE: Schedule = ScheduleSchema.parse({
  calendar: {
    id: 'c8a4f0d2-0d7e-4b61-9f53-2f4e8a7b1c55',
    name: 'Test calendar',
    astronomical: false,
    rules: [{ repetition: 'daily', startDate: '2026-01-01', programId: PROGRAM_ID }],
  },
  programs: [
    {
      id: PROGRAM_ID,
      name: 'Low',
      intervals: [
        { start: '13:00', dimming: 30, fadingMinutes: 0 },
        { start: '20:00', dimming: 40, fadingMinutes: 0 },
        { start: '07:00', dimming: 0, fadingMinutes: 0 },
      ],
    },
  ],
});

function bench() {
  const devices = createDevices(buildFleetLayout({ ...DEFAULT_FLEET_OPTIONS, devices: 60 }), NIGHT, 'calendars');
  const answers: UpCommandMessage[] = [];
  // The device clock starts at NIGHT and runs 100 times faster: a command takes some milliseconds.
  const runner = new CommandRunner({
    errorRate: 0,
    clock: new SimClock(100, Date.now, NIGHT),
    handlers: createCommandHandlers({ reboot: async () => undefined, installation: { failureRate: 0 } }),
    send: (_device, message) => answers.push(message),
    publishChanges: () => undefined,
    takeForcedFailure: () => undefined,
    delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    onFailure: (error) => {
      throw error;
    },
  });
  const lightPoint = (vendor: string) => {
    const found = devices.find(
      (d) => d.kind === 'light-point' && d.spec.vendor === vendor && d.spec.operateMode === '005',
    );
    if (!found) throw new Error(`no uninterruptible ${vendor} light point`);
    return found as LightPoint;
  };
  const run = async (device: SimDevice, command: CommandName, params: unknown = {}) => {
    const request = { requestId: randomUUID(), command, params, attempt: 1, ts: new Date().toISOString() };
    runner.handle(device, request as DownCommandMessage);
    const final = () => answers.find((a) => a.requestId === request.requestId && a.status !== 'IN_PROGRESS');
    await expect.poll(final, { timeout: 5000 }).toBeDefined();
    return final()!;
  };
  const cabinet = devices.find((d) => d.kind === 'cabinet')!;
  return { lightPoint, run, cabinet };
}

const dimming = (lightPoint: LightPoint, nowMs: number) => {
  advanceLightPoint(lightPoint, nowMs);
  return AttributeValuesSchema.parse(lightPointLiveValues(lightPoint)).dimming;
};

describe('calendars on a simulated light point', () => {
  it('dims by its stored calendar instead of the night curve, and returns to the curve when cleared', async () => {
    const { lightPoint, run } = bench();
    const device = lightPoint('orion');
    expect(dimming(device, NIGHT)).toBe(100);
    expect(await run(device, 'setSchedule', SCHEDULE)).toMatchObject({ status: 'DONE', progress: 100 });
    expect(dimming(device, NIGHT)).toBe(40);
    expect(dimming(device, Date.parse('2026-01-16T12:30:00Z'))).toBe(30);
    expect(isLit(device, Date.parse('2026-01-16T12:30:00Z'))).toBe(true);
    expect(await run(device, 'clearSchedule')).toMatchObject({ status: 'DONE' });
    expect(dimming(device, NIGHT)).toBe(100);
    expect(isLit(device, Date.parse('2026-01-16T12:30:00Z'))).toBe(false);
  });

  it('takes the operate mode its group manages with the schedule, and reports it', async () => {
    const { lightPoint, run } = bench();
    const device = lightPoint('orion');
    expect(await run(device, 'setSchedule', { ...SCHEDULE, operateMode: '009' })).toMatchObject({ status: 'DONE' });
    expect(device.operateMode).toBe('009');
    // 009: uninterruptible supply, luminaire off, whatever the calendar says.
    expect(dimming(device, NIGHT)).toBe(0);
    await run(device, 'setSchedule', { ...SCHEDULE, operateMode: '005' });
    expect(dimming(device, NIGHT)).toBe(40);
  });

  it('lets a manual switch override the calendar for its 6 hours, then follows the calendar again', async () => {
    const { lightPoint, run } = bench();
    const device = lightPoint('vega');
    await run(device, 'setSchedule', SCHEDULE);
    expect((await run(device, 'switchOff')).status).toBe('DONE');
    expect(dimming(device, NIGHT + HOUR_MS)).toBe(0);
    expect(dimming(device, NIGHT + 6 * HOUR_MS + 5 * 60_000)).toBe(40);
  });

  it('keeps its calendar when a schedule names a program it does not carry, answering NOT_ACCEPTABLE', async () => {
    const { lightPoint, run } = bench();
    const device = lightPoint('orion');
    await run(device, 'setSchedule', SCHEDULE);
    const broken = { ...SCHEDULE, programs: [{ ...SCHEDULE.programs[0], id: randomUUID() }] };
    expect(await run(device, 'setSchedule', broken)).toMatchObject({
      status: 'ERROR',
      error: { code: 'NOT_ACCEPTABLE', message: expect.stringContaining('is not in the schedule') },
    });
    expect(dimming(device, NIGHT)).toBe(40);
  });

  it('refuses a schedule larger than its family holds, keeping the one it runs, which the other family takes', async () => {
    const { lightPoint, run } = bench();
    const rules = Array.from({ length: 17 }, (_, i) => ({
      repetition: 'once' as const,
      startDate: `2027-01-${String(i + 1).padStart(2, '0')}`,
      programId: PROGRAM_ID,
    }));
    const large = { ...SCHEDULE, calendar: { ...SCHEDULE.calendar, rules } };
    const vega = lightPoint('vega');
    await run(vega, 'setSchedule', SCHEDULE);
    expect(await run(vega, 'setSchedule', large)).toMatchObject({
      status: 'ERROR',
      error: { code: 'NOT_ACCEPTABLE', message: 'This light point holds at most 16 rules' },
    });
    expect(dimming(vega, NIGHT)).toBe(40);
    expect(await run(lightPoint('orion'), 'setSchedule', large)).toMatchObject({ status: 'DONE' });
  });

  it('answers a schedule with many faults within the length an answer may have', async () => {
    const { lightPoint, run } = bench();
    const crowded = (i: number) => ({
      id: randomUUID(),
      name: `Crowded ${i}`,
      intervals: [0, 1, 2, 3].map((m) => ({ start: `20:0${m}`, dimming: 50, fadingMinutes: 0 })),
    });
    const faulty = { ...SCHEDULE, programs: Array.from({ length: 20 }, (_, i) => crowded(i)) };
    const answer = await run(lightPoint('orion'), 'setSchedule', faulty);
    expect(answer).toMatchObject({ status: 'ERROR', error: { code: 'NOT_ACCEPTABLE' } });
    expect(UpCommandMessageSchema.safeParse(answer).error?.issues).toBeUndefined();
  });

  it('forgets its calendar on a factory reset', async () => {
    const { lightPoint, run } = bench();
    const device = lightPoint('orion');
    await run(device, 'setSchedule', SCHEDULE);
    expect((await run(device, 'factoryReset')).status).toBe('DONE');
    expect(device.schedule).toBeNull();
    expect(dimming(device, NIGHT)).toBe(100);
  });

  it('is refused by a cabinet with METHOD_NOT_ALLOWED', async () => {
    const { cabinet, run } = bench();
    expect(await run(cabinet, 'setSchedule', SCHEDULE)).toMatchObject({
      status: 'ERROR',
      error: { code: 'METHOD_NOT_ALLOWED' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  BLINK_LIMITS,
  COMMAND_NAMES,
  CommandRequestSchema,
  fixedScheduleLimitExceeded,
  supportsCommand,
} from './commands';
import { FIXED_SCHEDULE_INVALID_MESSAGE } from './attributes';
import { toFieldIssues } from './errors';

describe('CommandRequestSchema', () => {
  it('knows the eleven commands of the specification, and every command has a request variant', () => {
    const specified = ['dimmingCheck', 'downgrade', 'factoryReset', 'reboot', 'upgrade', 'blink'] as const;
    const calendars = ['createAstroCalendar', 'createCalendar', 'switchOn', 'switchOff', 'resetInstallation'] as const;
    expect(COMMAND_NAMES).toEqual(expect.arrayContaining([...specified, ...calendars]));
    const variants = CommandRequestSchema.options.map((option) => option.shape.command.value);
    expect([...variants].sort()).toEqual([...COMMAND_NAMES].sort());
  });

  it('changes a light point operate mode only to one of the six codes', () => {
    const request = { command: 'setOperateMode', params: { operateMode: '013' } };
    expect(CommandRequestSchema.parse(request)).toEqual(request);
    const result = CommandRequestSchema.safeParse({ command: 'setOperateMode', params: { operateMode: '007' } });
    expect(toFieldIssues(result.error!)[0]).toMatchObject({ path: 'params.operateMode' });
  });

  it('accepts a command without params and fills in an empty object', () => {
    expect(CommandRequestSchema.parse({ command: 'switchOff' })).toEqual({ command: 'switchOff', params: {} });
  });

  it('accepts a blink within its bounds', () => {
    const request = { command: 'blink', params: { count: BLINK_LIMITS.count.max, cycleSeconds: 1 } };
    expect(CommandRequestSchema.parse(request)).toEqual(request);
  });

  it('refuses a blink over its maximum with the limit at the field', () => {
    const result = CommandRequestSchema.safeParse({ command: 'blink', params: { count: 11, cycleSeconds: 2 } });
    expect(result.success).toBe(false);
    expect(toFieldIssues(result.error!)).toEqual([
      expect.objectContaining({ path: 'params.count', rule: 'max', limit: BLINK_LIMITS.count.max }),
    ]);
  });

  it('reports a blink without parameters as required fields', () => {
    const result = CommandRequestSchema.safeParse({ command: 'blink' });
    const issues = toFieldIssues(result.error!);
    expect(issues.map((issue) => [issue.path, issue.rule])).toEqual([
      ['params.count', 'required'],
      ['params.cycleSeconds', 'required'],
    ]);
  });

  it('refuses an unknown command at the command field', () => {
    const result = CommandRequestSchema.safeParse({ command: 'selfDestruct', params: {} });
    expect(toFieldIssues(result.error!)[0]).toMatchObject({ path: 'command', rule: 'enum' });
  });

  it('refuses parameters a command does not take', () => {
    const result = CommandRequestSchema.safeParse({ command: 'reboot', params: { force: true } });
    expect(toFieldIssues(result.error!)[0]).toMatchObject({ path: 'params.force', rule: 'unknownKey' });
  });

  it('documents that only one family offers dimming checks on light points', () => {
    expect(supportsCommand('orion', 'light-point-controller', 'dimmingCheck')).toBe(true);
    expect(supportsCommand('vega', 'light-point-controller', 'dimmingCheck')).toBe(false);
  });

  it('refuses a fixed schedule that does not start at 00:00 or whose times do not increase', () => {
    const calendar = (times: string[]) =>
      CommandRequestSchema.safeParse({
        command: 'createCalendar',
        params: { rules: times.map((time) => ({ time, dimming: 100 })), output: 2 },
      });
    expect(calendar(['00:00', '07:30', '19:00']).success).toBe(true);
    for (const times of [
      ['06:00', '19:00'],
      ['00:00', '19:00', '07:30'],
      ['00:00', '19:00', '19:00'],
    ]) {
      expect(toFieldIssues(calendar(times).error!)).toEqual([
        expect.objectContaining({ path: 'params.rules', message: FIXED_SCHEDULE_INVALID_MESSAGE }),
      ]);
    }
  });

  it("names the family's rule limit for a fixed schedule longer than the device holds (6 Orion, 4 Vega)", () => {
    const calendar = (count: number) =>
      CommandRequestSchema.parse({
        command: 'createCalendar',
        params: { rules: Array.from({ length: count }, (_, i) => ({ time: `0${i}:00`, dimming: 50 })) },
      });
    expect(fixedScheduleLimitExceeded('vega', calendar(4))).toBeNull();
    expect(fixedScheduleLimitExceeded('vega', calendar(5))).toBe(4);
    expect(fixedScheduleLimitExceeded('orion', calendar(6))).toBeNull();
    const seven = Array.from({ length: 7 }, (_, i) => ({ time: `0${i}:00`, dimming: 50 }));
    const tooMany = CommandRequestSchema.safeParse({ command: 'createCalendar', params: { rules: seven } });
    expect(toFieldIssues(tooMany.error!)[0]).toMatchObject({ path: 'params.rules', rule: 'max', limit: 6 });
    expect(fixedScheduleLimitExceeded('vega', { command: 'restoreCalendar', params: {} })).toBeNull();
  });

  it('takes an output for calendars and restoreCalendar, within 1–16', () => {
    const astro = { command: 'createAstroCalendar', params: { sunriseOffsetMinutes: 10, sunsetOffsetMinutes: -10 } };
    expect(CommandRequestSchema.safeParse(astro).success).toBe(true);
    expect(CommandRequestSchema.safeParse({ ...astro, params: { ...astro.params, output: 3 } }).success).toBe(true);
    expect(CommandRequestSchema.parse({ command: 'restoreCalendar' })).toEqual({
      command: 'restoreCalendar',
      params: {},
    });
    const tooHigh = CommandRequestSchema.safeParse({ command: 'restoreCalendar', params: { output: 17 } });
    expect(toFieldIssues(tooHigh.error!)[0]).toMatchObject({ path: 'params.output', rule: 'max' });
  });

  it('validates setConfiguration parameters field by field', () => {
    const good = { command: 'setConfiguration', params: { parameters: { time: { sunriseOffsetMinutes: 20 } } } };
    expect(CommandRequestSchema.safeParse(good).success).toBe(true);
    const bad = CommandRequestSchema.safeParse({
      command: 'setConfiguration',
      params: { parameters: { plcHeadEnd: { ipAddress: '192.168.2' } } },
    });
    expect(toFieldIssues(bad.error!)[0]).toMatchObject({
      path: 'params.parameters.plcHeadEnd.ipAddress',
      rule: 'format',
    });
  });

  it('offers restoreCalendar and setConfiguration on the cabinets of both families only', () => {
    for (const vendor of ['orion', 'vega'] as const) {
      for (const command of ['restoreCalendar', 'setConfiguration'] as const) {
        expect(supportsCommand(vendor, 'cabinet-controller', command)).toBe(true);
        expect(supportsCommand(vendor, 'light-point-controller', command)).toBe(false);
      }
    }
  });
});

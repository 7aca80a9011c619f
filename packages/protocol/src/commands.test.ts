import { describe, expect, it } from 'vitest';
import { BLINK_LIMITS, COMMAND_NAMES, CommandRequestSchema, supportsCommand } from './commands';
import { toFieldIssues } from './errors';

describe('CommandRequestSchema', () => {
  it('knows the eleven commands of the specification', () => {
    const specified = [
      'dimmingCheck',
      'downgrade',
      'factoryReset',
      'reboot',
      'upgrade',
      'blink',
      'createAstroCalendar',
      'createCalendar',
      'switchOn',
      'switchOff',
      'resetInstallation',
    ];
    expect(COMMAND_NAMES).toEqual(expect.arrayContaining(specified));
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
});

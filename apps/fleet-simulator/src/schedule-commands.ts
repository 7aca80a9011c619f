import { type CommandParams, scheduleOverLimit } from '@farola/protocol';
import { prepareSchedule } from '@farola/protocol/schedule-engine';
import { type CommandContext, CommandError, type CommandHandler } from './command-runner';
import type { LightPoint } from './device-state';
import { setLightPointOperateMode } from './light-point';

/** The light point of a scheduling command; the runner has already refused these to cabinets. */
function lightPointOf(ctx: CommandContext): LightPoint {
  const { device } = ctx;
  if (device.kind !== 'light-point') throw new Error(`A light point command reached a ${device.kind}`);
  return device;
}

/**
 * Stores a calendar and its control programs; from then on the light point dims by them (a manual
 * switch still overrides them for up to 6 hours). A new schedule replaces the previous one whole.
 * An operate mode sent with it (its group manages the mode) is taken as `setOperateMode` would.
 */
export const setSchedule: CommandHandler = async (ctx) => {
  const lightPoint = lightPointOf(ctx);
  // The runner has validated the params with ScheduleSchema: every rule's program is there.
  const params = ctx.params as CommandParams<'setSchedule'>;
  const over = scheduleOverLimit(params, lightPoint.spec.vendor);
  if (over) throw new CommandError('NOT_ACCEPTABLE', `This light point holds at most ${over.limit} ${over.what}`);
  const schedule = prepareSchedule(params);
  await ctx.step();
  ctx.progress(50);
  await ctx.step();
  lightPoint.schedule = schedule;
  if (params.operateMode) setLightPointOperateMode(lightPoint, params.operateMode);
  ctx.publishChanges();
};

/** Forgets the stored calendar: the light point goes back to its built-in night curve. */
export const clearSchedule: CommandHandler = async (ctx) => {
  const lightPoint = lightPointOf(ctx);
  await ctx.step();
  lightPoint.schedule = null;
  ctx.publishChanges();
};

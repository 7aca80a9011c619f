import type { CommandParams } from '@farola/protocol';
import { type CommandContext, CommandError, type CommandHandler } from './command-runner';
import type { LightPoint } from './device-state';
import { readFix } from './gps';
import { setLightPointOperateMode } from './light-point';

/** The light point of a light-point command; the runner has refused it to cabinets already. */
function lightPointOf(ctx: CommandContext): LightPoint {
  if (ctx.device.kind !== 'light-point') throw new Error(`A light point command reached a ${ctx.device.kind}`);
  return ctx.device;
}

/** setOperateMode: the device keeps the new mode (and reports it) until told otherwise. */
export const setOperateMode: CommandHandler = async (ctx) => {
  const lightPoint = lightPointOf(ctx);
  const { operateMode } = ctx.params as CommandParams<'setOperateMode'>;
  await ctx.step();
  ctx.progress(60);
  setLightPointOperateMode(lightPoint, operateMode);
  ctx.publishChanges();
  await ctx.step();
};

/** How long the receiver needs for a fresh fix once it has the sky (hot start), in ms. */
const FIX_TIME_MS: readonly [number, number] = [2000, 8000];

/** readLocation: a fresh GPS fix, published with the changes; NOT_FOUND ('No GPS signal') without one. */
export const readLocation: CommandHandler = async (ctx) => {
  const lightPoint = lightPointOf(ctx);
  await ctx.pause(lightPoint.random.between(FIX_TIME_MS[0], FIX_TIME_MS[1]));
  if (!readFix(lightPoint.gps, lightPoint.spec, lightPoint.random, ctx.now())) {
    throw new CommandError('NOT_FOUND', 'No GPS signal');
  }
  ctx.progress(80);
  ctx.publishChanges();
};

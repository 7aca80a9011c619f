import {
  CabinetConfigurationSchema,
  type CommandName,
  type CommandParams,
  MAX_FIXED_SCHEDULE_RULES,
  mergeCabinetConfiguration,
} from '@farola/protocol';
import { restoreCabinetCalendar, scheduleCabinet } from './cabinet';
import { applyConfiguration } from './cabinet-config';
import { type CommandContext, CommandError, type CommandHandler, describeIssues } from './command-runner';
import type { Cabinet } from './device-state';

const paramsOf = <C extends CommandName>(ctx: CommandContext) => ctx.params as CommandParams<C>;

/**
 * The cabinet of a cabinet-only command, with the output it names checked. The runner has already
 * refused the command to light points (`supportsCommand`), so another kind here is a bug.
 */
function cabinetOf(ctx: CommandContext, output?: number): Cabinet {
  const { device } = ctx;
  if (device.kind !== 'cabinet') throw new Error(`A cabinet command reached a ${device.kind}`);
  if (output !== undefined && !device.outputs.some((candidate) => candidate.index === output)) {
    throw new CommandError('NOT_ACCEPTABLE', `Output ${output} does not exist on this cabinet`);
  }
  return device;
}

/** Fixed rules for one output or all (mode 1), within the family's limit of rules. */
const createCalendar: CommandHandler = async (ctx) => {
  const { rules, output } = paramsOf<'createCalendar'>(ctx);
  const cabinet = cabinetOf(ctx, output);
  const limit = MAX_FIXED_SCHEDULE_RULES[cabinet.spec.vendor];
  if (rules.length > limit) throw new CommandError('NOT_ACCEPTABLE', `This cabinet holds at most ${limit} rules`);
  await ctx.step();
  scheduleCabinet(cabinet, { kind: 'fixed', rules: rules.map((rule) => ({ ...rule })) }, output);
  ctx.publishChanges();
};

/**
 * The astronomical schedule (mode 0). For one output, with offsets of its own; for the whole cabinet,
 * the offsets become the configuration's sunrise and sunset offsets, which every output follows.
 */
const createAstroCalendar: CommandHandler = async (ctx) => {
  const { output, sunriseOffsetMinutes, sunsetOffsetMinutes } = paramsOf<'createAstroCalendar'>(ctx);
  const cabinet = cabinetOf(ctx, output);
  await ctx.step();
  if (output === undefined) {
    const time = { ...cabinet.configuration.time, sunriseOffsetMinutes, sunsetOffsetMinutes };
    applyConfiguration(cabinet, { ...cabinet.configuration, time }, ctx.now());
    scheduleCabinet(cabinet, { kind: 'astro', offsets: null });
  } else {
    scheduleCabinet(cabinet, { kind: 'astro', offsets: { sunriseOffsetMinutes, sunsetOffsetMinutes } }, output);
  }
  ctx.publishChanges();
};

/** 'Restore calendar' (spec §4): manual mode ends now, not 6 hours after the switch. */
const restoreCalendar: CommandHandler = async (ctx) => {
  const { output } = paramsOf<'restoreCalendar'>(ctx);
  const cabinet = cabinetOf(ctx, output);
  await ctx.step();
  restoreCabinetCalendar(cabinet, output);
  ctx.publishChanges();
};

/**
 * Changes some parameters. The merged configuration is checked as a whole (a gateway outside the new
 * subnet, say), so a change the fields allow can still be refused with NOT_ACCEPTABLE.
 */
const setConfiguration: CommandHandler = async (ctx) => {
  const { parameters } = paramsOf<'setConfiguration'>(ctx);
  const cabinet = cabinetOf(ctx);
  const merged = CabinetConfigurationSchema.safeParse(mergeCabinetConfiguration(cabinet.configuration, parameters));
  if (!merged.success) throw new CommandError('NOT_ACCEPTABLE', describeIssues(merged.error));
  await ctx.step();
  ctx.progress(50);
  await ctx.step();
  applyConfiguration(cabinet, merged.data, ctx.now());
  ctx.publishChanges();
};

/** The commands only cabinet controllers take. */
export const CABINET_COMMAND_HANDLERS = {
  createAstroCalendar,
  createCalendar,
  restoreCalendar,
  setConfiguration,
} satisfies Partial<Record<CommandName, CommandHandler>>;

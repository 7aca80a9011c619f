import type { CommandName, CommandParams } from '@farola/protocol';
import { switchCabinet } from './cabinet';
import { CABINET_COMMAND_HANDLERS } from './cabinet-commands';
import { factoryResetCabinet } from './cabinet-config';
import { type CommandContext, CommandError, type CommandHandler } from './command-runner';
import type { SimDevice } from './device-state';
import { createFirmwareHandlers } from './firmware-commands';
import { createInstallationHandler, type InstallationSettings } from './installation-commands';
import { hasMains, switchLightPoint } from './light-point';
import { resetInstallation, uploadLog } from './logged-data-commands';
import { readLocation, setOperateMode } from './light-point-commands';
import { clearSchedule, setSchedule } from './schedule-commands';

/** What a command needs from the running fleet beyond the device itself. */
export interface FleetActions {
  /** Restarts the device: connection closed cleanly, back after a few seconds. */
  reboot(device: SimDevice): Promise<void>;
  installation: InstallationSettings;
}

const paramsOf = <C extends CommandName>(ctx: CommandContext) => ctx.params as CommandParams<C>;

type DeviceOfKind<K extends SimDevice['kind']> = Extract<SimDevice, { kind: K }>;

/**
 * The device of a command that only one kind supports. The runner has already refused the command
 * to the other kind (`supportsCommand`), so a mismatch is a bug, not a device answer.
 */
function deviceOfKind<K extends SimDevice['kind']>(ctx: CommandContext, kind: K): DeviceOfKind<K> {
  const { device } = ctx;
  if (device.kind !== kind) throw new Error(`A ${kind} command reached a ${device.kind}`);
  return device as DeviceOfKind<K>;
}

function switchTo(on: boolean): CommandHandler {
  return async (ctx) => {
    const { device } = ctx;
    const { output } = paramsOf<'switchOn'>(ctx);
    await ctx.step();
    ctx.progress(60);
    if (device.kind === 'light-point') {
      switchLightPoint(device, on, ctx.now());
      // Switched on a dead circuit (its cabinet output off), the lamp stays dark: the answer says why.
      if (on) ctx.note({ mains: hasMains(device, ctx.now()) });
    } else {
      if (output !== undefined && !device.outputs.some((candidate) => candidate.index === output)) {
        throw new CommandError('NOT_ACCEPTABLE', `Output ${output} does not exist on this cabinet`);
      }
      switchCabinet(device, on, ctx.now(), output);
    }
    ctx.publishChanges();
    await ctx.step();
  };
}

/** Forces a light point's level for a while, restoring its own state afterwards. */
async function withTransientLevel(ctx: CommandContext, levels: number[], holdMs: number): Promise<void> {
  const device = deviceOfKind(ctx, 'light-point');
  try {
    for (const [i, level] of levels.entries()) {
      device.transientLevel = level;
      ctx.publishChanges();
      ctx.progress(Math.round(((i + 1) / levels.length) * 95));
      await ctx.pause(holdMs);
    }
  } finally {
    device.transientLevel = null;
    ctx.publishChanges();
  }
}

const blink: CommandHandler = async (ctx) => {
  const { count, cycleSeconds } = paramsOf<'blink'>(ctx);
  // Each cycle is half off, half on, whatever the light was showing before.
  const levels = Array.from({ length: count }, () => [0, 100]).flat();
  await withTransientLevel(ctx, levels, (cycleSeconds * 1000) / 2);
};

const dimmingCheck: CommandHandler = async (ctx) => {
  await withTransientLevel(ctx, [100, 75, 50, 25, 0, 25, 50, 75, 100], 700);
};

const factoryReset: CommandHandler = async (ctx) => {
  const { device } = ctx;
  await ctx.step();
  ctx.progress(50);
  if (device.kind === 'light-point') {
    device.override = null;
    device.schedule = null;
  } else factoryResetCabinet(device, ctx.now());
  await ctx.step();
  ctx.publishChanges();
};

export function createCommandHandlers(actions: FleetActions): Record<CommandName, CommandHandler> {
  // Restarting on new firmware starts once the request's DONE answer has gone out.
  const restart = (device: SimDevice) => setImmediate(() => void actions.reboot(device));
  return {
    ...createFirmwareHandlers(restart),
    install: createInstallationHandler(actions.installation),
    switchOn: switchTo(true),
    switchOff: switchTo(false),
    blink,
    reboot: async (ctx) => {
      await ctx.step();
      ctx.progress(80);
      restart(ctx.device);
    },
    dimmingCheck,
    factoryReset,
    resetInstallation,
    ...CABINET_COMMAND_HANDLERS,
    setOperateMode,
    readLocation,
    setSchedule,
    clearSchedule,
    uploadLog,
  };
}

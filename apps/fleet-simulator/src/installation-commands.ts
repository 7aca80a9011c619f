import {
  type CommandParams,
  DEFAULT_INSTALLATION_ATTEMPTS,
  ERRORS,
  INSTALLATION_STEPS,
  type InstallationFailure,
  type InstallationStep,
} from '@farola/protocol';
import { CommandError, type CommandContext, type CommandHandler } from './command-runner';
import { advanceDevice, liveValues } from './device';

/** How long each step takes on the device, in simulated ms: the power steps wait for the driver to settle. */
const STEP_MS: Record<InstallationStep, number> = {
  prepare: 5000,
  powerTest: 20_000,
  identify: 5000,
  powerLimit: 20_000,
  checkCapabilities: 10_000,
  validate: 5000,
  locate: 15_000,
};

/** Passing faults, retried on the next attempt; weights of how often each occurs. */
const PASSING_FAULTS: ReadonlyArray<[InstallationFailure, number]> = [
  ['INSTALLATION_ERROR', 0.5],
  ['INSTALLATION_NOT_COMPLETED', 0.3],
  ['INSTALLATION_UNKNOWN_ERROR', 0.2],
];

/** Full power must reach this share of the rated power, and the dimming range this share of it. */
const MIN_POWER_SHARE = 0.5;
const MIN_RANGE_SHARE = 0.3;
const LOW_LEVEL = 10;

export interface InstallationSettings {
  /** Probability that an attempt meets a passing fault (SIM_INSTALL_FAILURE_RATE). */
  failureRate: number;
}

class InstallationFailed extends CommandError {
  constructor(reason: InstallationFailure) {
    super('NOT_ACCEPTABLE', ERRORS[reason].message, reason);
  }
}

/** Active power a light point draws at `level`, measured after its driver settled. */
async function powerAt(ctx: CommandContext, level: number): Promise<number> {
  const { device } = ctx;
  if (device.kind !== 'light-point') return 0;
  device.transientLevel = level;
  ctx.publishChanges();
  await ctx.pause(STEP_MS.powerTest / 2);
  advanceDevice(device, ctx.now());
  return liveValues(device, ctx.now()).instantaneousActivePower ?? 0;
}

/** The power steps of a light point: the luminaire must light, and dim. */
async function measure(ctx: CommandContext, step: InstallationStep): Promise<void> {
  const { device } = ctx;
  if (device.kind !== 'light-point') {
    await ctx.pause(STEP_MS[step]);
    return;
  }
  const rated = device.spec.nominalPowerW;
  try {
    const full = await powerAt(ctx, 100);
    if (step === 'powerTest' && full < rated * MIN_POWER_SHARE) {
      throw new InstallationFailed('INSTALLATION_MIN_POWER_NOT_REACHED');
    }
    if (step === 'powerLimit' && full - (await powerAt(ctx, LOW_LEVEL)) < rated * MIN_RANGE_SHARE) {
      throw new InstallationFailed('INSTALLATION_POWER_RANGE_NOT_REACHED');
    }
  } finally {
    device.transientLevel = null;
    ctx.publishChanges();
  }
}

/**
 * How often, in simulated ms, a device in the middle of a step says it is still at it. The server
 * re-sends a command after 15 s of silence (COMMAND_ATTEMPT_TIMEOUT_MS) and ends it REQUEST_TIMED_OUT
 * after its last attempt, so a 20 s step that reported only its start would never finish.
 */
export const INSTALLATION_HEARTBEAT_MS = 5_000;

/** `ctx` whose pauses repeat `beat` after every INSTALLATION_HEARTBEAT_MS they wait. */
function withHeartbeat(ctx: CommandContext, beat: () => void): CommandContext {
  const pause = async (simulatedMs: number) => {
    for (let left = simulatedMs; left > 0; left -= INSTALLATION_HEARTBEAT_MS) {
      await ctx.pause(Math.min(left, INSTALLATION_HEARTBEAT_MS));
      beat();
    }
  };
  return { ...ctx, pause };
}

/**
 * `install`: the seven steps of spec §4 in order, reporting each with its attempt. A passing fault
 * (at SIM_INSTALL_FAILURE_RATE per attempt, on a random step) starts the next attempt from
 * `prepare`; after the last, 'Max installation attempts reached'. A luminaire that does not light
 * or does not dim fails its power step at once: no retry makes it light.
 */
export function createInstallationHandler(settings: InstallationSettings): CommandHandler {
  return async (ctx) => {
    const { random } = ctx.device;
    const { maxAttempts = DEFAULT_INSTALLATION_ATTEMPTS } = ctx.params as CommandParams<'install'>;
    let previousFailure: InstallationFailure | undefined;
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const faultAt = random.chance(settings.failureRate) ? random.int(0, INSTALLATION_STEPS.length - 1) : -1;
      for (const [index, step] of INSTALLATION_STEPS.entries()) {
        const report = () =>
          ctx.report(Math.round((index / INSTALLATION_STEPS.length) * 100), { step, attempt }, previousFailure);
        report();
        const working = withHeartbeat(ctx, report);
        if (step === 'powerTest' || step === 'powerLimit') await measure(working, step);
        else await working.pause(STEP_MS[step]);
        if (index === faultAt) break;
      }
      if (faultAt < 0) {
        // Located: the position the device reports from now on is the one it found on site.
        ctx.publishChanges();
        return;
      }
      previousFailure = weighted(PASSING_FAULTS, random.next());
    }
    throw new InstallationFailed('INSTALLATION_MAX_ATTEMPTS_REACHED');
  };
}

function weighted<T>(choices: ReadonlyArray<[T, number]>, draw: number): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let left = draw * total;
  for (const [choice, weight] of choices) {
    left -= weight;
    if (left < 0) return choice;
  }
  return choices[choices.length - 1]![0];
}

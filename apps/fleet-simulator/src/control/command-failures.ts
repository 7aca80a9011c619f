import type { CommandName, DeviceErrorCode, DeviceErrorReason } from '@farola/protocol';
import type { Random } from '../random';

/** A device's injected failure rate: this share of its commands (of `commands`, or all) ends in this error. */
export interface CommandFailureRate {
  rate: number;
  /** null: every command. */
  commands: ReadonlySet<CommandName> | null;
  code: DeviceErrorCode;
  message: string;
}

export interface ForcedFailure {
  code: DeviceErrorCode;
  message: string;
  /** The catalogue code the device gives as its reason (an installation failure). */
  reason?: DeviceErrorReason;
  /** Only this command takes it (the next `install`); any command when absent. */
  command?: CommandName;
}

/** The failures the control interface set on a device of the fleet (`FleetDevice` carries them). */
export interface InjectedFailures {
  /** The next command ends in this error. */
  failNext?: ForcedFailure;
  /** A share of the device's commands fail. */
  failureRate?: CommandFailureRate;
}

/**
 * The failure the device's command must end in, if any: a `fail-next-command` or `fail-installation`
 * first (taken once, by the command it names if it names one),
 * else a draw against its `set-command-failure-rate` from the device's own random stream, so the
 * same seed fails the same commands.
 */
export function takeForcedFailure(
  entry: InjectedFailures & { device: { random: Random } },
  command: CommandName,
): ForcedFailure | undefined {
  const next = entry.failNext;
  if (next && (next.command === undefined || next.command === command)) {
    delete entry.failNext;
    return next;
  }
  const failures = entry.failureRate;
  if (!failures || (failures.commands && !failures.commands.has(command))) return undefined;
  if (!entry.device.random.chance(failures.rate)) return undefined;
  return { code: failures.code, message: failures.message.replaceAll('{command}', command) };
}

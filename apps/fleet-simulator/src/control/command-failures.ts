import type { CommandName, DeviceErrorCode } from '@farola/protocol';
import type { FleetDevice } from '../fleet-device';

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
}

/**
 * The failure the device's command must end in, if any: a `fail-next-command` first (taken once),
 * else a draw against its `set-command-failure-rate` from the device's own random stream, so the
 * same seed fails the same commands.
 */
export function takeForcedFailure(entry: FleetDevice, command: CommandName): ForcedFailure | undefined {
  const next = entry.failNext;
  if (next) {
    delete entry.failNext;
    return next;
  }
  const failures = entry.failureRate;
  if (!failures || (failures.commands && !failures.commands.has(command))) return undefined;
  if (!entry.device.random.chance(failures.rate)) return undefined;
  return { code: failures.code, message: failures.message.replaceAll('{command}', command) };
}

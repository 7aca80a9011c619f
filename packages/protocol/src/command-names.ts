import { z } from 'zod';

/**
 * The name of every command a device may be asked to run, in one small module: what a queued
 * request or a realtime event needs to name its command, without the parameter schemas of
 * `commands.ts` (so the console's first screen does not load them).
 */
export const COMMAND_NAMES = [
  'switchOn',
  'switchOff',
  'blink',
  'reboot',
  'dimmingCheck',
  'factoryReset',
  'upgrade',
  'downgrade',
  'createAstroCalendar',
  'createCalendar',
  'resetInstallation',
  'downloadUpdate',
  'cancelDownload',
  'applyUpdate',
  'install',
  'restoreCalendar',
  'setConfiguration',
  'setOperateMode',
  'readLocation',
  'setSchedule',
  'clearSchedule',
  'uploadLog',
] as const;

export type CommandName = (typeof COMMAND_NAMES)[number];
export const CommandNameSchema = z.enum(COMMAND_NAMES);

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a request waits for its device while the device is disconnected, counted from the
 * request's creation. Attempts are spent only on deliveries to a connected device: a request for a
 * disconnected device is sent the moment it reconnects, and one still waiting at the end of this
 * wait ends `ERROR` `DEVICE_STAYED_DISCONNECTED`. Immediate controls and readings are worth little
 * later; configuration and scheduling still apply a day later; an installation waits for the device
 * to be powered on site. Firmware changes and resets are refused for a disconnected device
 * (`REFUSED_WHILE_DISCONNECTED`); their wait covers a device that drops while one runs.
 *
 * @example
 * new Date(Date.parse(request.createdAt) + COMMAND_DEVICE_WAIT_MS.switchOff); // 15 minutes after creation
 */
export const COMMAND_DEVICE_WAIT_MS: Readonly<Record<CommandName, number>> = {
  switchOn: 15 * MINUTE_MS,
  switchOff: 15 * MINUTE_MS,
  blink: 15 * MINUTE_MS,
  dimmingCheck: 15 * MINUTE_MS,
  readLocation: 15 * MINUTE_MS,
  uploadLog: 15 * MINUTE_MS,
  setConfiguration: DAY_MS,
  setOperateMode: DAY_MS,
  setSchedule: DAY_MS,
  clearSchedule: DAY_MS,
  createCalendar: DAY_MS,
  createAstroCalendar: DAY_MS,
  restoreCalendar: DAY_MS,
  install: 30 * DAY_MS,
  reboot: HOUR_MS,
  factoryReset: HOUR_MS,
  resetInstallation: HOUR_MS,
  upgrade: HOUR_MS,
  downgrade: HOUR_MS,
  downloadUpdate: HOUR_MS,
  cancelDownload: HOUR_MS,
  applyUpdate: HOUR_MS,
};

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

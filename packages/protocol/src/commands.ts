import { z } from 'zod';
import { type CommandName } from './command-names';
import { FixedScheduleRulesSchema } from './attributes';
import { ASTRO_OFFSET_LIMIT_MINUTES, CabinetConfigurationPatchSchema } from './cabinet-config';
import { MAX_INSTALLATION_ATTEMPTS } from './lifecycle';
import { UploadLogParamsSchema } from './logs';
import { OperateModeSchema } from './modes';
import { text } from './primitives';
import { ScheduleSchema } from './scheduling';
import { type DeviceType, MAX_FIXED_SCHEDULE_RULES, type Vendor } from './vendors';

/** Bounds of the `blink` command's parameters: number of blinks, and cycle in seconds. */
export const BLINK_LIMITS = {
  count: { min: 1, max: 10, default: 3 },
  cycleSeconds: { min: 1, max: 10, default: 2 },
} as const;

const empty = z.strictObject({});
/** A cabinet output, 1–16; commands that take one apply to every output without it. */
const output = z.number().int().min(1).max(16);

/**
 * The most fixed rules a cabinet of `vendor` holds when a command asks it to take more, else null:
 * the server refuses such a `createCalendar` before sending it (spec §5, §9: 6 rules for Orion, 4 for Vega).
 *
 * @example
 * fixedScheduleLimitExceeded('vega', { command: 'createCalendar', params: { rules: fiveRules } }); // 4
 * fixedScheduleLimitExceeded('orion', { command: 'createCalendar', params: { rules: fiveRules } }); // null
 */
export function fixedScheduleLimitExceeded(vendor: Vendor, request: CommandRequest): number | null {
  if (request.command !== 'createCalendar') return null;
  const limit = MAX_FIXED_SCHEDULE_RULES[vendor];
  return request.params.rules.length > limit ? limit : null;
}

/** Parameters of each command. Commands without parameters take `{}` (or nothing). */
export const COMMAND_PARAMS = {
  switchOn: z.strictObject({ output: output.optional() }),
  switchOff: z.strictObject({ output: output.optional() }),
  blink: z.strictObject({
    count: z.number().int().min(BLINK_LIMITS.count.min).max(BLINK_LIMITS.count.max),
    cycleSeconds: z.number().int().min(BLINK_LIMITS.cycleSeconds.min).max(BLINK_LIMITS.cycleSeconds.max),
  }),
  reboot: empty,
  dimmingCheck: empty,
  factoryReset: empty,
  upgrade: z.strictObject({ version: text().min(1).max(40).optional() }),
  downgrade: empty,
  createAstroCalendar: z.strictObject({
    sunriseOffsetMinutes: z.number().int().min(-ASTRO_OFFSET_LIMIT_MINUTES).max(ASTRO_OFFSET_LIMIT_MINUTES),
    sunsetOffsetMinutes: z.number().int().min(-ASTRO_OFFSET_LIMIT_MINUTES).max(ASTRO_OFFSET_LIMIT_MINUTES),
    output: output.optional(),
  }),
  createCalendar: z.strictObject({ rules: FixedScheduleRulesSchema, output: output.optional() }),
  resetInstallation: z.strictObject({ installationDate: z.iso.date() }),
  /** Fetches a firmware image (the next release when `version` is absent) without installing it. */
  downloadUpdate: z.strictObject({ version: text().min(1).max(40).optional() }),
  /** Stops a download under way, or discards a downloaded image not yet applied. */
  cancelDownload: empty,
  /** Installs the downloaded image and restarts on it. */
  applyUpdate: empty,
  /** Runs the installation steps of spec §4, retrying passing faults up to `maxAttempts`. */
  install: z.strictObject({
    maxAttempts: z.number().int().min(1).max(MAX_INSTALLATION_ATTEMPTS).optional(),
  }),
  restoreCalendar: z.strictObject({ output: output.optional() }),
  setConfiguration: z.strictObject({ parameters: CabinetConfigurationPatchSchema }),
  /** Light points: the operate mode (spec §4) the device keeps until told otherwise. */
  setOperateMode: z.strictObject({ operateMode: OperateModeSchema }),
  /** Light points: take a GPS fix now and report it; `NOT_FOUND` without a fix ('No GPS signal'). */
  readLocation: empty,
  /** A light point stores a calendar and its control programs and runs them (see `ScheduleSchema`). */
  setSchedule: ScheduleSchema,
  /** A light point forgets its calendar and goes back to its built-in night curve. */
  clearSchedule: empty,
  /** Uploads the device's hourly records of a period in pages on `up/logs` (see `UploadLogParamsSchema`). */
  uploadLog: UploadLogParamsSchema,
} as const satisfies Record<CommandName, z.ZodType>;

export { COMMAND_DEVICE_WAIT_MS, COMMAND_NAMES, type CommandName, CommandNameSchema } from './command-names';
export type CommandParams<C extends CommandName> = z.infer<(typeof COMMAND_PARAMS)[C]>;

const commandVariant = <C extends CommandName>(command: C) =>
  z.strictObject({
    command: z.literal(command),
    params: z.preprocess((params) => params ?? {}, COMMAND_PARAMS[command]),
  });

/**
 * The body of `POST /devices/{id}/commands`. An unknown command fails at path `['command']`.
 *
 * @example
 * CommandRequestSchema.parse({ command: 'blink', params: { count: 3, cycleSeconds: 2 } });
 */
export const CommandRequestSchema = z.discriminatedUnion('command', [
  commandVariant('switchOn'),
  commandVariant('switchOff'),
  commandVariant('blink'),
  commandVariant('reboot'),
  commandVariant('dimmingCheck'),
  commandVariant('factoryReset'),
  commandVariant('upgrade'),
  commandVariant('downgrade'),
  commandVariant('createAstroCalendar'),
  commandVariant('createCalendar'),
  commandVariant('resetInstallation'),
  commandVariant('downloadUpdate'),
  commandVariant('cancelDownload'),
  commandVariant('applyUpdate'),
  commandVariant('install'),
  commandVariant('restoreCalendar'),
  commandVariant('setConfiguration'),
  commandVariant('setOperateMode'),
  commandVariant('readLocation'),
  commandVariant('setSchedule'),
  commandVariant('clearSchedule'),
  commandVariant('uploadLog'),
]);
export type CommandRequest = z.infer<typeof CommandRequestSchema>;

/**
 * Commands each family documents for each device kind. Devices are the final word: one asked
 * for a command it lacks answers `METHOD_NOT_ALLOWED`. The console uses this to offer commands.
 */
export const SUPPORTED_COMMANDS: Record<Vendor, Record<DeviceType, readonly CommandName[]>> = {
  orion: {
    'light-point-controller': [
      'switchOn',
      'switchOff',
      'blink',
      'reboot',
      'dimmingCheck',
      'factoryReset',
      'upgrade',
      'downgrade',
      'downloadUpdate',
      'cancelDownload',
      'applyUpdate',
      'install',
      'setOperateMode',
      'readLocation',
      'setSchedule',
      'clearSchedule',
      'uploadLog',
    ],
    'cabinet-controller': [
      'switchOn',
      'switchOff',
      'reboot',
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
      'uploadLog',
    ],
  },
  vega: {
    'light-point-controller': [
      'switchOn',
      'switchOff',
      'blink',
      'reboot',
      'factoryReset',
      'upgrade',
      'downloadUpdate',
      'applyUpdate',
      'install',
      'setOperateMode',
      'readLocation',
      'setSchedule',
      'clearSchedule',
      'uploadLog',
    ],
    'cabinet-controller': [
      'switchOn',
      'switchOff',
      'reboot',
      'upgrade',
      'createCalendar',
      'resetInstallation',
      'downloadUpdate',
      'applyUpdate',
      'install',
      'restoreCalendar',
      'setConfiguration',
      'uploadLog',
    ],
  },
};

export function supportsCommand(vendor: Vendor, deviceType: DeviceType, command: CommandName): boolean {
  return SUPPORTED_COMMANDS[vendor][deviceType].includes(command);
}

/**
 * Commands refused at once while the device is disconnected, with the catalogue's message (spec §8
 * 'Device not connected to update' / '… to reset'): a firmware change or a reset must not wait in
 * a queue to surprise whoever sees the device come back. Other commands wait for the device
 * (`COMMAND_DEVICE_WAIT_MS`).
 */
export const REFUSED_WHILE_DISCONNECTED: Partial<
  Record<
    CommandName,
    | 'DEVICE_NOT_CONNECTED_TO_UPDATE'
    | 'DEVICE_NOT_CONNECTED_TO_DOWNLOAD'
    | 'DEVICE_NOT_CONNECTED_TO_CANCEL_UPDATE'
    | 'DEVICE_NOT_CONNECTED_TO_RESET'
  >
> = {
  upgrade: 'DEVICE_NOT_CONNECTED_TO_UPDATE',
  downgrade: 'DEVICE_NOT_CONNECTED_TO_UPDATE',
  downloadUpdate: 'DEVICE_NOT_CONNECTED_TO_DOWNLOAD',
  cancelDownload: 'DEVICE_NOT_CONNECTED_TO_CANCEL_UPDATE',
  applyUpdate: 'DEVICE_NOT_CONNECTED_TO_UPDATE',
  reboot: 'DEVICE_NOT_CONNECTED_TO_RESET',
  factoryReset: 'DEVICE_NOT_CONNECTED_TO_RESET',
  resetInstallation: 'DEVICE_NOT_CONNECTED_TO_RESET',
};

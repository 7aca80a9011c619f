import { z } from 'zod';
import { OperateModeSchema } from './modes';
import { text } from './primitives';
import type { DeviceType, Vendor } from './vendors';

/** Bounds of the `blink` command's parameters: number of blinks, and cycle in seconds. */
export const BLINK_LIMITS = {
  count: { min: 1, max: 10, default: 3 },
  cycleSeconds: { min: 1, max: 10, default: 2 },
} as const;

/** Sunrise/sunset offsets accepted by `createAstroCalendar`, in minutes. */
export const ASTRO_OFFSET_LIMIT_MINUTES = 180;

const empty = z.strictObject({});
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:mm');

/** Parameters of each command. Commands without parameters take `{}` (or nothing). */
export const COMMAND_PARAMS = {
  switchOn: z.strictObject({ output: z.number().int().min(1).max(16).optional() }),
  switchOff: z.strictObject({ output: z.number().int().min(1).max(16).optional() }),
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
  }),
  createCalendar: z.strictObject({
    rules: z
      .array(z.strictObject({ time: hhmm, dimming: z.number().int().min(0).max(100) }))
      .min(1)
      .max(6),
  }),
  resetInstallation: z.strictObject({ installationDate: z.iso.date() }),
  /** Light points: the operate mode (spec §4) the device keeps until told otherwise. */
  setOperateMode: z.strictObject({ operateMode: OperateModeSchema }),
  /** Light points: take a GPS fix now and report it; `NOT_FOUND` without a fix ('No GPS signal'). */
  readLocation: empty,
} as const;

export type CommandName = keyof typeof COMMAND_PARAMS;
export const COMMAND_NAMES = Object.keys(COMMAND_PARAMS) as CommandName[];
export const CommandNameSchema = z.enum(COMMAND_NAMES as [CommandName, ...CommandName[]]);
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
  commandVariant('setOperateMode'),
  commandVariant('readLocation'),
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
      'setOperateMode',
      'readLocation',
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
      'setOperateMode',
      'readLocation',
    ],
    'cabinet-controller': ['switchOn', 'switchOff', 'reboot', 'upgrade', 'createCalendar', 'resetInstallation'],
  },
};

export function supportsCommand(vendor: Vendor, deviceType: DeviceType, command: CommandName): boolean {
  return SUPPORTED_COMMANDS[vendor][deviceType].includes(command);
}

/**
 * Commands refused at once while the device is disconnected, with the catalogue's message (spec §8
 * 'Device not connected to update' / '… to reset'): a firmware change or a reset must not wait in
 * a queue to surprise whoever sees the device come back. Other commands are queued and retried.
 */
export const REFUSED_WHILE_DISCONNECTED: Partial<
  Record<CommandName, 'DEVICE_NOT_CONNECTED_TO_UPDATE' | 'DEVICE_NOT_CONNECTED_TO_RESET'>
> = {
  upgrade: 'DEVICE_NOT_CONNECTED_TO_UPDATE',
  downgrade: 'DEVICE_NOT_CONNECTED_TO_UPDATE',
  reboot: 'DEVICE_NOT_CONNECTED_TO_RESET',
  factoryReset: 'DEVICE_NOT_CONNECTED_TO_RESET',
  resetInstallation: 'DEVICE_NOT_CONNECTED_TO_RESET',
};

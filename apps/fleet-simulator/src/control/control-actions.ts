import { z } from 'zod';
import {
  CommandNameSchema,
  DeviceErrorCodeSchema,
  ERRORS,
  InstallationFailureSchema,
  OperateModeSchema,
  SerialNumberSchema,
  supportsCommand,
  text,
  VendorSchema,
} from '@farola/protocol';
import type { SimDevice } from '../device-state';
import type { FleetDevice } from '../fleet-device';
import { type Random, seededRandom } from '../random';
import {
  action,
  type ActionDefinition,
  BOTH,
  type DeviceKind,
  DeviceKindSchema,
  type FleetControl,
} from './action-definition';
import { CABINET_ACTIONS } from './cabinet-actions';
import { LIGHT_POINT_ACTIONS } from './light-point-actions';

export type { FleetControl } from './action-definition';
export { type DeviceKind, DeviceKindSchema } from './action-definition';

/**
 * Which devices an action applies to: every filter given must match. `cabinet` selects a cabinet
 * controller and the light points it feeds; `street` the light points along a street (their name
 * without its number); `operateMode` the light points in that mode now; `share` then keeps a
 * seeded random part of them, and `limit` the first ones (in fleet order).
 *
 * @example
 * { "district": "Gràcia", "kind": "light-point", "share": 0.02 }
 */
export const TargetSchema = z
  .strictObject({
    serials: z.array(SerialNumberSchema).min(1).max(100_000).optional(),
    kind: DeviceKindSchema.optional(),
    vendor: VendorSchema.optional(),
    district: text().min(1).max(100).optional(),
    cabinet: SerialNumberSchema.optional(),
    street: text().min(1).max(100).optional(),
    operateMode: OperateModeSchema.optional(),
    share: z.number().gt(0).max(1).optional(),
    limit: z.number().int().min(1).max(1_000_000).optional(),
  })
  .refine((target) => Object.keys(target).length > 0, {
    message:
      'Name the devices: serials, kind, vendor, district, cabinet, street, operateMode, share or limit (an empty target would act on the whole fleet; say share: 1 for that)',
  });
export type Target = z.infer<typeof TargetSchema>;

const none = z.strictObject({});

/**
 * Every action of the control interface, by name. Parameters are validated; a device of a kind
 * the action does not apply to is skipped with a reason.
 */
export const CONTROL_ACTIONS = {
  'drop-connection': action({
    summary: 'Loses the connection for a while; the broker fires the last will, or the gateway reports the device gone',
    kinds: BOTH,
    params: z.strictObject({
      seconds: z
        .number()
        .min(1)
        .max(7 * 86_400)
        .default(60),
    }),
    apply: (entry, { seconds }, control) => {
      if (!entry.online) return 'already offline';
      control.loseConnection(entry, seconds);
    },
  }),
  'restore-connection': action({
    summary: 'Ends a drop-connection before it is due: the device reconnects now',
    kinds: BOTH,
    params: none,
    apply: (entry, _params, control) => {
      if (!control.restoreConnection(entry)) return 'has not lost its connection';
    },
  }),
  reboot: action({
    summary: 'Restarts the device as a power cycle does (cabinets raise deviceReset when back)',
    kinds: BOTH,
    params: none,
    apply: (entry, _params, control) => {
      if (!entry.online) return 'offline';
      control.reboot(entry);
    },
  }),
  'fail-next-command': action({
    summary: 'Makes the next command the device receives end in this error',
    kinds: BOTH,
    params: z.strictObject({
      code: DeviceErrorCodeSchema.default('NOT_FOUND'),
      message: text().min(1).max(500).default('Failure injected by the control interface'),
    }),
    apply: (entry, failure, control) => control.failNextCommand(entry, failure),
  }),
  'fail-installation': action({
    summary: "Makes the device's next installation fail with this reason as it starts; other commands pass",
    kinds: BOTH,
    params: z.strictObject({ reason: InstallationFailureSchema.default('INSTALLATION_ERROR') }),
    apply: (entry, { reason }, control) =>
      control.failNextCommand(entry, {
        code: 'NOT_ACCEPTABLE',
        message: ERRORS[reason].message,
        reason,
        command: 'install',
      }),
  }),
  'set-command-failure-rate': action({
    summary:
      "From now on this share of the device's commands (of commands, or all) fail with the error, on top of SIM_ERROR_RATE; rate 0 ends it",
    kinds: BOTH,
    params: z.strictObject({
      rate: z.number().min(0).max(1),
      commands: z.array(CommandNameSchema).min(1).optional(),
      code: DeviceErrorCodeSchema.default('NOT_FOUND'),
      message: text().min(1).max(500).default('{command} failed: failure injected by the control interface'),
    }),
    apply: (entry, { rate, commands, code, message }, control) => {
      const { vendor, deviceType } = entry.device.spec;
      if (commands && !commands.some((command) => supportsCommand(vendor, deviceType, command))) {
        return `supports none of ${commands.join(', ')}`;
      }
      control.setCommandFailureRate(
        entry,
        rate === 0 ? null : { rate, commands: commands ? new Set(commands) : null, code, message },
      );
    },
  }),
  'remote-management': action({
    summary:
      'Switches remote management on or off, as a technician does on site: while off the device refuses every command (Remote management disabled) and reports remoteManagementEnabled: false',
    kinds: BOTH,
    params: z.strictObject({ enabled: z.boolean() }),
    apply: (entry, { enabled }, control) => {
      if ((entry.device.remoteManagementDisabled !== true) === enabled) return `already ${enabled ? 'on' : 'off'}`;
      entry.device.remoteManagementDisabled = !enabled;
      if (entry.online) control.publishChanges(entry);
    },
  }),
  ...LIGHT_POINT_ACTIONS,
  ...CABINET_ACTIONS,
} satisfies Record<string, ActionDefinition<z.ZodType>>;

export type ControlActionName = keyof typeof CONTROL_ACTIONS;
export const ControlActionNameSchema = z.enum(
  Object.keys(CONTROL_ACTIONS) as [ControlActionName, ...ControlActionName[]],
);

/** `POST /actions`: an action, the devices it applies to, and its parameters. */
export const ActionRequestSchema = z.strictObject({
  action: ControlActionNameSchema,
  target: TargetSchema,
  params: z.record(z.string(), z.unknown()).default({}),
});
export type ActionRequest = z.input<typeof ActionRequestSchema>;

export interface ActionResult {
  action: ControlActionName;
  matched: number;
  applied: string[];
  skipped: Array<{ serialNumber: string; reason: string }>;
}

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: unknown[] = [],
  ) {
    super(message);
  }
}

function kindOf(device: SimDevice): DeviceKind {
  return device.kind;
}

/** The devices a target names, in fleet order; `share` draws from a generator seeded by SIM_SEED. */
export function selectTarget(control: FleetControl, target: Target, random: Random): FleetDevice[] {
  const serials = target.serials ? new Set(target.serials) : null;
  const selected: FleetDevice[] = [];
  for (const entry of control.entries()) {
    const { device } = entry;
    const { spec } = device;
    if (serials && !serials.has(spec.serialNumber)) continue;
    if (target.kind && kindOf(device) !== target.kind) continue;
    if (target.vendor && spec.vendor !== target.vendor) continue;
    if (target.district && spec.district !== target.district) continue;
    if (target.cabinet && spec.serialNumber !== target.cabinet && spec.cabinetSerial !== target.cabinet) continue;
    if (target.street && (device.kind !== 'light-point' || spec.street !== target.street)) continue;
    if (target.operateMode && (device.kind !== 'light-point' || device.operateMode !== target.operateMode)) continue;
    if (target.share !== undefined && target.share < 1 && !random.chance(target.share)) continue;
    selected.push(entry);
    if (target.limit !== undefined && selected.length >= target.limit) break;
  }
  if (serials) {
    const unknown = [...serials].filter((serial) => !control.entry(serial));
    if (unknown.length > 0) throw new ControlError(404, `No simulated device ${unknown.slice(0, 5).join(', ')}`);
  }
  return selected;
}

/**
 * Validates and runs one action on the devices of its target. `draw` seeds the choice of a `share`:
 * the same draw on the same fleet picks the same devices.
 */
export function runAction(control: FleetControl, body: unknown, draw: number | string = 0): ActionResult {
  const request = ActionRequestSchema.safeParse(body);
  if (!request.success) throw new ControlError(400, 'Invalid action', request.error.issues);
  const { action: name, target, params } = request.data;
  const definition: ActionDefinition<z.ZodType> = CONTROL_ACTIONS[name];
  const parsed = definition.params.safeParse(params);
  if (!parsed.success) throw new ControlError(400, `Invalid params for ${name}`, parsed.error.issues);
  const devices = selectTarget(control, target, seededRandom(`${control.seed}:control:${draw}`));
  const result: ActionResult = { action: name, matched: devices.length, applied: [], skipped: [] };
  for (const entry of devices) {
    const { serialNumber } = entry.device.spec;
    if (!definition.kinds.includes(kindOf(entry.device))) {
      result.skipped.push({ serialNumber, reason: `${name} does not apply to a ${entry.device.kind}` });
      continue;
    }
    const skipped = definition.apply(entry, parsed.data, control);
    if (typeof skipped === 'string') result.skipped.push({ serialNumber, reason: skipped });
    else result.applied.push(serialNumber);
  }
  return result;
}

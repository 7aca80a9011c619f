import { z } from 'zod';
import {
  conditionActive,
  inMaintenance,
  setBreakerTripped,
  setCabinetCondition,
  setMaintenance,
  supportsCondition,
} from '../cabinet-alarms';
import { CABINET_CONDITIONS } from '../cabinet-conditions';
import type { Cabinet } from '../device-state';
import type { FleetDevice } from '../fleet-device';
import { action, CABINETS, minutesSchema, publishIfOnline } from './action-definition';

/** A restart raises deviceReset by itself (the reboot action); every other condition can be set. */
const SettableConditionSchema = z.enum(CABINET_CONDITIONS).exclude(['deviceReset']);

function cabinetOf(entry: FleetDevice): Cabinet {
  if (entry.device.kind !== 'cabinet') throw new Error(`${entry.device.spec.serialNumber} is not a cabinet`);
  return entry.device;
}

const durationOf = (minutes: number | undefined) => (minutes === undefined ? undefined : minutes * 60_000);

/** Actions on cabinet controllers: the conditions of cabinet-alarms.ts, each raising or clearing its alarm. */
export const CABINET_ACTIONS = {
  'set-condition': action({
    summary:
      'Starts (on: true, for minutes or until turned off) or ends a condition, raising or clearing its alarm: door open, battery mode (mains lost), meter silent, stale data, sensor, voltage drop',
    kinds: CABINETS,
    params: z.strictObject({
      condition: SettableConditionSchema,
      on: z.boolean(),
      minutes: minutesSchema.optional(),
    }),
    apply: (entry, { condition, on, minutes }, control) => {
      const cabinet = cabinetOf(entry);
      const now = control.clock.now();
      if (!supportsCondition(cabinet.spec.vendor, condition))
        return `a ${cabinet.spec.vendor} cabinet has no ${condition}`;
      if (!on && !conditionActive(cabinet, condition, now)) return `no ${condition}`;
      setCabinetCondition(cabinet, condition, on, now, on ? durationOf(minutes) : undefined);
      publishIfOnline(entry, control);
    },
  }),
  maintenance: action({
    summary: 'Maintenance mode (mode 3): every output on, the light points at 100 %, maintenanceMode raised',
    kinds: CABINETS,
    params: z.strictObject({ on: z.boolean(), minutes: minutesSchema.optional() }),
    apply: (entry, { on, minutes }, control) => {
      const cabinet = cabinetOf(entry);
      const now = control.clock.now();
      if (!on && !inMaintenance(cabinet, now)) return 'not in maintenance';
      setMaintenance(cabinet, on, now, on ? durationOf(minutes) : undefined);
      publishIfOnline(entry, control);
    },
  }),
  'trip-breaker': action({
    summary: "An output's circuit breaker trips (on: true) or is reset: its light points go dark, it draws 0 W",
    kinds: CABINETS,
    params: z.strictObject({
      output: z.number().int().min(1).max(16),
      on: z.boolean(),
      minutes: minutesSchema.optional(),
    }),
    apply: (entry, { output, on, minutes }, control) => {
      const cabinet = cabinetOf(entry);
      if (!cabinet.outputs.some((candidate) => candidate.index === output)) {
        return `has ${cabinet.outputs.length} outputs, no output ${output}`;
      }
      setBreakerTripped(cabinet, output, on, control.clock.now(), on ? durationOf(minutes) : undefined);
      publishIfOnline(entry, control);
    },
  }),
};

import { z } from 'zod';
import type { LightPoint } from '../device-state';
import { setGpsFix } from '../gps';
import { clearFault, injectFault, LIGHT_FAULTS, type LightFault } from '../light-faults';
import type { FleetDevice } from '../fleet-device';
import { tiltLightPoint } from '../light-point';
import { action, LIGHT_POINTS, minutesSchema, publishIfOnline } from './action-definition';

/** What shapes each fault (light-faults.ts); what is left out is drawn from the device's random stream. */
const FAULT_PARAMS = {
  lampFailure: z.strictObject({}),
  dayBurner: z.strictObject({}),
  cycling: z.strictObject({
    periodMinutes: z.number().min(1).max(60).optional(),
    onShare: z.number().min(0.05).max(0.95).optional(),
  }),
  dimmingFailure: z.strictObject({ level: z.number().int().min(1).max(100).optional() }),
  relayStuck: z.strictObject({ closed: z.boolean().optional() }),
  lowPowerFactor: z.strictObject({ powerFactor: z.number().min(0.3).max(0.95).optional() }),
  voltageOutOfRange: z.strictObject({ volts: z.number().min(150).max(300).optional() }),
} satisfies Record<LightFault, z.ZodType>;

const faultVariant = <F extends LightFault>(fault: F) =>
  z.strictObject({
    fault: z.literal(fault),
    params: FAULT_PARAMS[fault].optional(),
    durationMinutes: minutesSchema.optional(),
  });

const InjectFaultSchema = z.discriminatedUnion('fault', [
  faultVariant('lampFailure'),
  faultVariant('dayBurner'),
  faultVariant('cycling'),
  faultVariant('dimmingFailure'),
  faultVariant('relayStuck'),
  faultVariant('lowPowerFactor'),
  faultVariant('voltageOutOfRange'),
]);

function lightPointOf(entry: FleetDevice): LightPoint {
  if (entry.device.kind !== 'light-point') throw new Error(`${entry.device.spec.serialNumber} is not a light point`);
  return entry.device;
}

/** The parameters given: a key present as undefined would replace a drawn value with nothing. */
function given<T extends object>(params: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(params ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Actions on light points: faults of the lamp and supply, the GPS receiver, the pole. */
export const LIGHT_POINT_ACTIONS = {
  'inject-fault': action({
    summary:
      'Starts a lamp or supply fault (light-faults.ts) until clear-fault or durationMinutes; params shape it, else drawn',
    kinds: LIGHT_POINTS,
    params: InjectFaultSchema,
    apply: (entry, { fault, params, durationMinutes }, control) => {
      const lightPoint = lightPointOf(entry);
      if (lightPoint.faults.active.has(fault)) return `${fault} already active`;
      injectFault(lightPoint, fault, control.clock.now(), {
        params: given(params),
        ...(durationMinutes === undefined ? {} : { durationMs: durationMinutes * 60_000 }),
      });
      publishIfOnline(entry, control);
    },
  }),
  'clear-fault': action({
    summary: 'Repairs a fault, spontaneous or injected',
    kinds: LIGHT_POINTS,
    params: z.strictObject({ fault: z.enum(LIGHT_FAULTS) }),
    apply: (entry, { fault }, control) => {
      if (!clearFault(lightPointOf(entry), fault)) return `no ${fault}`;
      publishIfOnline(entry, control);
    },
  }),
  'lose-gps': action({
    summary: 'The GPS receiver loses the sky for minutes (else a drawn outage): reports leave the position out',
    kinds: LIGHT_POINTS,
    params: z.strictObject({ minutes: minutesSchema.optional() }),
    apply: (entry, { minutes }, control) => {
      const { gps, spec, random } = lightPointOf(entry);
      setGpsFix(gps, spec, random, false, control.clock.now(), minutes === undefined ? undefined : minutes * 60_000);
      publishIfOnline(entry, control, true);
    },
  }),
  'regain-gps': action({
    summary: 'The GPS receiver takes a fix at once',
    kinds: LIGHT_POINTS,
    params: z.strictObject({}),
    apply: (entry, _params, control) => {
      const { gps, spec, random } = lightPointOf(entry);
      if (gps.hasFix) return 'already has a fix';
      setGpsFix(gps, spec, random, true, control.clock.now());
      publishIfOnline(entry, control, true);
    },
  }),
  tilt: action({
    summary: 'A vehicle hits the pole: it leans degrees more (towards azimuth, else drawn), read by the accelerometer',
    kinds: LIGHT_POINTS,
    params: z.strictObject({
      degrees: z.number().positive().max(90),
      azimuth: z.number().min(0).lt(360).optional(),
    }),
    apply: (entry, { degrees, azimuth }, control) => {
      tiltLightPoint(lightPointOf(entry), degrees, azimuth);
      publishIfOnline(entry, control, true);
    },
  }),
};

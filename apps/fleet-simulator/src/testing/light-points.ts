import type { LightPoint } from '../device-state';
import { DEFAULT_FLEET_OPTIONS } from '../fleet-options';
import { createDevices } from '../fleet-device';
import { buildFleetLayout } from '../layout';
import type { FaultRates } from '../light-faults';

/** 22:00 in Barcelona in January: night, the curve at 100 %, every cabinet output on. */
export const NIGHT = Date.parse('2026-01-15T21:00:00Z');
/** 02:30 local: the curve at 50 %. */
export const LATE_NIGHT = Date.parse('2026-01-16T01:30:00Z');
/** 13:00 local: broad daylight, cabinet outputs off. */
export const NOON = Date.parse('2026-01-16T12:00:00Z');

/** The light points of the default fleet (or of `devices` devices), built at `nowMs`. */
export function lightPointsAt(
  nowMs: number,
  options: { faultRates?: FaultRates; devices?: number } = {},
): LightPoint[] {
  const layout = buildFleetLayout({
    ...DEFAULT_FLEET_OPTIONS,
    devices: options.devices ?? DEFAULT_FLEET_OPTIONS.devices,
  });
  return createDevices(layout, nowMs, DEFAULT_FLEET_OPTIONS.seed, options.faultRates).filter(
    (device): device is LightPoint => device.kind === 'light-point',
  );
}

/** A light point on one of its cabinet's outputs, so that a cabinet-supplied mode depends on it. */
export function fedLightPoint(
  lightPoints: readonly LightPoint[],
): LightPoint & { cabinet: NonNullable<LightPoint['cabinet']> } {
  const fed = lightPoints.find((lightPoint) => lightPoint.cabinet !== null && lightPoint.spec.output !== undefined);
  if (!fed?.cabinet) throw new Error('the test fleet has no light point fed by a cabinet');
  return fed as LightPoint & { cabinet: NonNullable<LightPoint['cabinet']> };
}

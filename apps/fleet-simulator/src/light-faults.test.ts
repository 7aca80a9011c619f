import { describe, expect, it } from 'vitest';
import { type AttributeValues, AttributeValuesSchema } from '@farola/protocol';
import type { LightPoint } from './device-state';
import { clearFault, injectFault, uniformFaultRates } from './light-faults';
import { advanceLightPoint, DRIVER_NO_LOAD_W, NODE_STANDBY_W, switchLightPoint } from './light-point';
import { lightPointFullValues } from './light-point-values';
import { LATE_NIGHT, lightPointsAt, NIGHT, NOON } from './testing/light-points';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function reportAt(lightPoint: LightPoint, nowMs: number): AttributeValues {
  advanceLightPoint(lightPoint, nowMs);
  return AttributeValuesSchema.parse(lightPointFullValues(lightPoint, nowMs));
}

/** A healthy light point dimming by curve on an uninterruptible supply. */
const curveLightPoint = (nowMs: number) => lightPointsAt(nowMs).find((candidate) => candidate.operateMode === '005')!;

describe('light point faults', () => {
  it('lamp failure: switched on at full, yet only the node and the idle driver draw', () => {
    const lightPoint = curveLightPoint(NIGHT);
    injectFault(lightPoint, 'lampFailure', NIGHT);
    const values = reportAt(lightPoint, NIGHT + MINUTE);
    const estimateBefore = lightPoint.estimatedKWh;
    const meteredBefore = lightPoint.energyKWh;
    expect(values).toMatchObject({ poweredOn: true, dimming: 100, dimmer: 0, driverOutputCurrent: 0 });
    expect(values.instantaneousActivePower).toBeLessThan(1);
    // The driver's output rises to its open-circuit clamp with no LEDs to drive.
    expect(values.driverOutputVoltage).toBeGreaterThan(lightPoint.luminaire.stringVoltage);
    reportAt(lightPoint, NIGHT + HOUR + MINUTE);
    // The node still believes it burns: its estimate runs ahead of the meter.
    expect(lightPoint.estimatedKWh - estimateBefore).toBeGreaterThan(0.9 * (lightPoint.luminaire.ratedPowerW / 1000));
    expect(lightPoint.energyKWh - meteredBefore).toBeCloseTo((NODE_STANDBY_W + DRIVER_NO_LOAD_W) / 1000, 6);
  });

  it('day-burner: lit at noon', () => {
    const lightPoint = curveLightPoint(NOON);
    expect(reportAt(lightPoint, NOON + MINUTE).poweredOn).toBe(false);
    injectFault(lightPoint, 'dayBurner', NOON + MINUTE);
    const values = reportAt(lightPoint, NOON + 2 * MINUTE);
    expect(values).toMatchObject({ poweredOn: true, dimming: 100 });
    expect(values.instantaneousActivePower).toBeGreaterThan(0.9 * lightPoint.luminaire.ratedPowerW);
    clearFault(lightPoint, 'dayBurner');
    expect(reportAt(lightPoint, NOON + 3 * MINUTE).poweredOn).toBe(false);
  });

  it('cycling: the lamp flaps on and off every few minutes while it stays switched on', () => {
    const lightPoint = curveLightPoint(NIGHT);
    injectFault(lightPoint, 'cycling', NIGHT, { params: { periodMinutes: 5, onShare: 0.6 } });
    const lit: boolean[] = [];
    for (let at = NIGHT + MINUTE; at <= NIGHT + 30 * MINUTE; at += MINUTE) {
      const values = reportAt(lightPoint, at);
      expect(values.poweredOn).toBe(true);
      lit.push(values.instantaneousActivePower! > 2);
    }
    const flips = lit.filter((value, i) => i > 0 && value !== lit[i - 1]).length;
    expect(flips).toBeGreaterThanOrEqual(10);
    expect(lit.filter(Boolean).length / lit.length).toBeCloseTo(0.6, 1);
  });

  it('dimming failure: the power stays flat while the commanded level changes', () => {
    const lightPoint = curveLightPoint(NIGHT);
    injectFault(lightPoint, 'dimmingFailure', NIGHT, { params: { level: 100 } });
    const powers = [100, 50, 25].map((level, i) => {
      lightPoint.transientLevel = level;
      const values = reportAt(lightPoint, NIGHT + (i + 1) * MINUTE);
      expect(values.dimming).toBe(level);
      return values.instantaneousActivePower!;
    });
    expect(Math.max(...powers) / Math.min(...powers)).toBeLessThan(1.015);
    clearFault(lightPoint, 'dimmingFailure');
    expect(reportAt(lightPoint, NIGHT + 5 * MINUTE).instantaneousActivePower!).toBeLessThan(0.4 * powers[0]!);
  });

  it('relay stuck closed: burns at the driver minimum at noon, and switchOff does not help', () => {
    const lightPoint = curveLightPoint(NOON);
    injectFault(lightPoint, 'relayStuck', NOON, { params: { closed: true } });
    switchLightPoint(lightPoint, false, NOON);
    const values = reportAt(lightPoint, NOON + MINUTE);
    expect(values).toMatchObject({ dimming: 0, poweredOn: true });
    expect(values.dimmer).toBeGreaterThanOrEqual(lightPoint.luminaire.minLevel - 0.5);
    expect(values.instantaneousActivePower).toBeGreaterThan(NODE_STANDBY_W + 2);
  });

  it('relay stuck open: dark at night, and switchOn does not help', () => {
    const lightPoint = curveLightPoint(NIGHT);
    injectFault(lightPoint, 'relayStuck', NIGHT, { params: { closed: false } });
    switchLightPoint(lightPoint, true, NIGHT);
    const values = reportAt(lightPoint, NIGHT + MINUTE);
    expect(values).toMatchObject({ dimming: 100, poweredOn: false, instantaneousActivePower: NODE_STANDBY_W });
  });

  it('low power factor: the same power at a poor power factor, so more current and reactive power', () => {
    const lightPoint = curveLightPoint(NIGHT);
    const healthy = reportAt(lightPoint, NIGHT + MINUTE);
    injectFault(lightPoint, 'lowPowerFactor', NIGHT + MINUTE, { params: { powerFactor: 0.6 } });
    const aged = reportAt(lightPoint, NIGHT + 2 * MINUTE);
    expect(healthy.powerFactor).toBeGreaterThan(0.95);
    expect(aged.powerFactor).toBeLessThan(0.62);
    expect(aged.instantaneousActivePower).toBeCloseTo(healthy.instantaneousActivePower!, -0.5);
    expect(aged.current! / healthy.current!).toBeGreaterThan(1.5);
    expect(aged.instantaneousReactivePower! / healthy.instantaneousReactivePower!).toBeGreaterThan(4);
  });

  it('supply voltage out of range: high or low, outside 230 V ± 10 %, with the current following', () => {
    for (const [volts, inRange] of [
      [258, (v: number) => v > 253],
      [196, (v: number) => v < 207],
    ] as const) {
      const lightPoint = curveLightPoint(NIGHT);
      injectFault(lightPoint, 'voltageOutOfRange', NIGHT, { params: { volts } });
      const values = reportAt(lightPoint, NIGHT + MINUTE);
      expect(inRange(values.voltage!)).toBe(true);
      expect(values.current).toBeCloseTo(values.instantaneousActivePower! / (values.voltage! * values.powerFactor!), 3);
    }
  });

  it('lasts until cleared when injected, or for the given time', () => {
    const lightPoint = curveLightPoint(NIGHT);
    injectFault(lightPoint, 'lampFailure', NIGHT, { durationMs: HOUR });
    expect(reportAt(lightPoint, NIGHT + 30 * MINUTE).dimmer).toBe(0);
    // Back at 23:30, when the curve dims to 70 %.
    expect(reportAt(lightPoint, NIGHT + 90 * MINUTE).dimmer).toBeGreaterThan(65);
    injectFault(lightPoint, 'lampFailure', LATE_NIGHT);
    expect(reportAt(lightPoint, LATE_NIGHT + 30 * DAY).dimmer).toBe(0);
    expect(clearFault(lightPoint, 'lampFailure')).toBe(true);
    expect(clearFault(lightPoint, 'lampFailure')).toBe(false);
  });
});

describe('the fault hazard', () => {
  it('strikes at its rate per light point and year, and a crew repairs each fault within three weeks', () => {
    const lightPoints = lightPointsAt(NIGHT, {
      devices: 2000,
      faultRates: { ...uniformFaultRates(0), lampFailure: 2 },
    });
    const struck = new Set<LightPoint>();
    for (let at = NIGHT + DAY; at <= NIGHT + 10 * DAY; at += DAY) {
      for (const lightPoint of lightPoints) {
        advanceLightPoint(lightPoint, at);
        if (lightPoint.faults.active.size > 0) struck.add(lightPoint);
        for (const fault of lightPoint.faults.active.keys()) expect(fault).toBe('lampFailure');
      }
    }
    // 1 − e^(−2 × 10/365) ≈ 5.3 % of the light points, each fault lasting at least two days.
    expect(struck.size / lightPoints.length).toBeGreaterThan(0.035);
    expect(struck.size / lightPoints.length).toBeLessThan(0.075);
    for (const lightPoint of lightPoints) advanceLightPoint(lightPoint, NIGHT + 40 * DAY);
    const stillFromFirstTen = lightPoints.filter((lightPoint) =>
      [...lightPoint.faults.active.values()].some((active) => active.since < NIGHT + 10 * DAY),
    );
    expect(stillFromFirstTen).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { AttributeValuesSchema } from '@farola/protocol';
import { advanceCabinet, cabinetFullValues, switchCabinet } from './cabinet';
import type { LightPoint, SimDevice } from './device-state';
import { DEFAULT_FLEET_OPTIONS } from './fleet-options';
import { createDevices } from './fleet-device';
import { buildFleetLayout } from './layout';
import { advanceLightPoint, isLit, switchLightPoint } from './light-point';
import { lightPointFullValues, lightPointLiveValues } from './light-point-values';

const NOW = Date.parse('2026-01-15T21:00:00Z');
const fleet: SimDevice[] = createDevices(buildFleetLayout(DEFAULT_FLEET_OPTIONS), NOW, DEFAULT_FLEET_OPTIONS.seed);
const lightPoints = fleet.filter((d): d is LightPoint => d.kind === 'light-point');

describe('light point physics', () => {
  it('is lit at night and dark at noon by the astronomical schedule', () => {
    const lightPoint = lightPoints.find((d) => d.spec.operateMode === '005')!;
    expect(isLit(lightPoint, NOW)).toBe(true);
    expect(isLit(lightPoint, Date.parse('2026-01-15T12:00:00Z'))).toBe(false);
  });

  it('reports consistent power, power factor and current within the protocol ranges', () => {
    for (const lightPoint of lightPoints) {
      const values = AttributeValuesSchema.parse(lightPointFullValues(lightPoint, NOW));
      const { instantaneousActivePower: p = 0, voltage = 0, powerFactor = 0, current = 0 } = values;
      expect(current).toBeCloseTo(p / (voltage * powerFactor), 3);
      // 230 V ± 10 % (EN 50160); a healthy feeder stays within a few volts of 230.
      expect(voltage).toBeGreaterThanOrEqual(222);
      expect(voltage).toBeLessThanOrEqual(238);
      if (values.poweredOn) {
        // At 22:00 the curve is at 100 %: the luminaire's rating within its tolerance, plus the node.
        expect(p).toBeLessThanOrEqual(lightPoint.spec.nominalPowerW * 1.05 + 0.5);
        expect(powerFactor).toBeGreaterThan(0.9);
      } else expect(p).toBe(0.5);
    }
  });

  it('reports a driver output voltage and current whose product is the power the luminaire draws', () => {
    const lit = lightPoints.filter((lightPoint) => isLit(lightPoint, NOW));
    expect(lit.length).toBeGreaterThan(0);
    for (const lightPoint of lit) {
      const { driverOutputVoltage = 0, driverOutputCurrent = 0 } = lightPointLiveValues(lightPoint);
      // The controller's 0.5 W standby is not the driver's; the current is rounded to 1 mA.
      const driverPower = lightPoint.powerW - 0.5;
      expect(Math.abs(driverOutputVoltage * driverOutputCurrent - driverPower)).toBeLessThanOrEqual(
        driverOutputVoltage * 0.0005 + 1e-9,
      );
    }
  });

  it('integrates energy as the sum of power over simulated time, never going back', () => {
    const lightPoint = lightPoints[0]!;
    let expectedKWh = lightPoint.energyKWh;
    let last = lightPoint.energyKWh;
    for (let t = NOW + 1000; t < NOW + 120_000; t += 7_000) {
      const held = lightPoint.powerW;
      const seconds = (t - lightPoint.lastAdvanceMs) / 1000;
      advanceLightPoint(lightPoint, t);
      expectedKWh += (held * seconds) / 3_600_000;
      expect(lightPoint.energyKWh).toBeGreaterThanOrEqual(last);
      last = lightPoint.energyKWh;
    }
    expect(lightPoint.energyKWh).toBeCloseTo(expectedKWh, 9);
  });

  it('stays off after switchOff for the 6 hours of manual mode, then the schedule lights it again', () => {
    const lightPoint = lightPoints.find((d) => d.spec.operateMode === '005')!;
    switchLightPoint(lightPoint, false, NOW);
    advanceLightPoint(lightPoint, NOW);
    expect(lightPointLiveValues(lightPoint)).toMatchObject({ poweredOn: false, dimming: 0, dimmer: 0 });
    const minute = 60_000;
    // 21:00 UTC in January: the whole 6 hours and the minute after them are night in Barcelona.
    expect(isLit(lightPoint, NOW + 6 * 60 * minute - minute)).toBe(false);
    expect(isLit(lightPoint, NOW + 6 * 60 * minute + minute)).toBe(true);
  });
});

describe('cabinet physics', () => {
  it('draws the power of the light points it feeds and reports valid values', () => {
    const cabinet = fleet.find((d) => d.kind === 'cabinet')!;
    for (const lightPoint of cabinet.lightPoints) advanceLightPoint(lightPoint, NOW + 1000);
    advanceCabinet(cabinet, NOW + 1000);
    const values = AttributeValuesSchema.parse(cabinetFullValues(cabinet, NOW + 1000));
    const fed = cabinet.lightPoints.reduce((sum, lightPoint) => sum + lightPoint.powerW, 0);
    expect(values.instantaneousActivePower).toBeCloseTo(fed + 8, 1);
    expect(values.outputs?.every((output) => output.on)).toBe(true);
  });

  it('cuts the light points of an output it switches off when they are supplied by the cabinet', () => {
    const cabinet = fleet.find((d) => d.kind === 'cabinet' && d.lightPoints.some((l) => l.spec.operateMode === '006'));
    if (cabinet?.kind !== 'cabinet') throw new Error('the test fleet has no cabinet-supplied light point');
    const fed = cabinet.lightPoints.find((l) => l.spec.operateMode === '006')!;
    switchCabinet(cabinet, false, NOW, fed.spec.output);
    expect(isLit(fed, NOW)).toBe(false);
    expect(cabinetFullValues(cabinet, NOW).outputs?.find((o) => o.index === fed.spec.output)?.on).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { type AttributeValues, AttributeValuesSchema, OPERATE_MODES, type OperateMode } from '@farola/protocol';
import { switchCabinet } from './cabinet';
import { markConnected } from './cellular';
import type { LightPoint } from './device-state';
import { setGpsFix } from './gps';
import { uniformFaultRates } from './light-faults';
import {
  advanceLightPoint,
  NODE_STANDBY_W,
  setLightPointOperateMode,
  switchLightPoint,
  tiltLightPoint,
} from './light-point';
import {
  GPS_POSITION_KEYS,
  LIGHT_POINT_ATTRIBUTE_KEYS,
  LIGHT_POINT_ELECTRICAL_KEYS,
  lightPointFullValues,
  lightPointLiveValues,
} from './light-point-values';
import { ratedPowerAt } from './luminaires';
import { fedLightPoint, LATE_NIGHT, lightPointsAt, NIGHT, NOON } from './testing/light-points';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const sorted = (keys: readonly string[]) => [...keys].sort();
const without = (keys: readonly string[], left: readonly string[]) => keys.filter((key) => !left.includes(key));

/** Advances to `nowMs` and returns what a full report would carry then, validated by the protocol. */
function reportAt(lightPoint: LightPoint, nowMs: number): AttributeValues {
  advanceLightPoint(lightPoint, nowMs);
  return AttributeValuesSchema.parse(lightPointFullValues(lightPoint, nowMs));
}

describe('a light point report', () => {
  it('carries every light-point attribute, each valid', () => {
    for (const lightPoint of lightPointsAt(NIGHT)) {
      const values = reportAt(lightPoint, NIGHT + MINUTE);
      expect(sorted(Object.keys(values))).toEqual(sorted(LIGHT_POINT_ATTRIBUTE_KEYS));
    }
  });

  it('leaves the position out without a GPS fix, but keeps the satellites and the time of the last fix', () => {
    const [lightPoint] = lightPointsAt(NIGHT);
    const before = reportAt(lightPoint!, NIGHT + MINUTE);
    setGpsFix(lightPoint!.gps, lightPoint!.spec, lightPoint!.random, false, NIGHT + MINUTE, 2 * HOUR);
    const values = reportAt(lightPoint!, NIGHT + 2 * MINUTE);
    expect(sorted(Object.keys(values))).toEqual(sorted(without(LIGHT_POINT_ATTRIBUTE_KEYS, GPS_POSITION_KEYS)));
    expect(values.gpsTime).toBe(before.gpsTime);
    expect(values.satellites).toBeLessThanOrEqual(3);
    // The outage ends when drawn: the next report has a position again.
    expect(reportAt(lightPoint!, NIGHT + 3 * HOUR).latitude).toBeCloseTo(lightPoint!.spec.latitude, 3);
  });

  it('tells when its session and its network attach started, and counts its registrations', () => {
    const [lightPoint] = lightPointsAt(NIGHT);
    const first = reportAt(lightPoint!, NIGHT + MINUTE);
    markConnected(lightPoint!, NIGHT + 2 * MINUTE);
    const reconnected = reportAt(lightPoint!, NIGHT + 3 * MINUTE);
    expect(reconnected.connectionTime).toBe(new Date(NIGHT + 2 * MINUTE).toISOString());
    expect(reconnected.networkConnectionTime).toBe(first.networkConnectionTime);
    expect(reconnected.registrationUpdateTrigger).toBe(first.registrationUpdateTrigger! + 1);
    markConnected(lightPoint!, NIGHT + 4 * MINUTE, true);
    expect(reportAt(lightPoint!, NIGHT + 5 * MINUTE).networkConnectionTime).toBe(
      new Date(NIGHT + 4 * MINUTE).toISOString(),
    );
  });

  it('reads the mounting with small noise, and a knock on the pole changes the axes for good', () => {
    const [lightPoint] = lightPointsAt(NIGHT);
    const level = reportAt(lightPoint!, NIGHT + MINUTE);
    expect(Math.hypot(level.xAxis!, level.yAxis!)).toBeLessThan(0.06);
    expect(level.zAxis).toBeGreaterThan(0.99);
    tiltLightPoint(lightPoint!, 20);
    for (const at of [NIGHT + 2 * MINUTE, NIGHT + HOUR]) {
      const tilted = reportAt(lightPoint!, at);
      expect(Math.hypot(tilted.xAxis!, tilted.yAxis!)).toBeGreaterThan(0.28);
      expect(tilted.zAxis).toBeLessThan(0.96);
    }
  });
});

describe('light point power', () => {
  it('follows the night curve through a slightly non-linear driver, with only the node drawing by day', () => {
    const lightPoint = lightPointsAt(NIGHT).find((candidate) => candidate.operateMode === '005')!;
    const full = reportAt(lightPoint, NIGHT + MINUTE);
    const half = reportAt(lightPoint, LATE_NIGHT);
    expect(full).toMatchObject({ dimming: 100, poweredOn: true });
    expect(half).toMatchObject({ dimming: 50, poweredOn: true });
    const luminaireShare =
      (half.instantaneousActivePower! - NODE_STANDBY_W) / (full.instantaneousActivePower! - NODE_STANDBY_W);
    // LEDs are more efficient at lower current, but the driver's own losses stay: about 48 %.
    expect(luminaireShare).toBeGreaterThan(0.44);
    expect(luminaireShare).toBeLessThan(0.52);
    expect(half.current!).toBeLessThan(full.current!);
    // Dimmed, the driver's power factor is worse.
    expect(half.powerFactor!).toBeLessThan(full.powerFactor!);
    const day = reportAt(lightPoint, NOON);
    expect(day).toMatchObject({ dimming: 0, poweredOn: false, instantaneousActivePower: NODE_STANDBY_W, dimmer: 0 });
    expect(day.powerFactor!).toBeLessThan(0.6);
  });

  it('draws its rated maximum at full light and its rated minimum at the lowest level the driver holds', () => {
    const lightPoint = lightPointsAt(NIGHT)[0]!;
    const { luminaire, powerTolerance } = lightPoint;
    lightPoint.transientLevel = 100;
    const full = reportAt(lightPoint, NIGHT + MINUTE);
    expect(full.maxPower).toBe(luminaire.ratedPowerW);
    expect(full.instantaneousActivePower! - NODE_STANDBY_W).toBeCloseTo(full.maxPower! * powerTolerance, -0.5);
    lightPoint.transientLevel = 1;
    const lowest = reportAt(lightPoint, NIGHT + 2 * MINUTE);
    expect(lowest.dimmer).toBeGreaterThanOrEqual(luminaire.minLevel - 0.5);
    expect(lowest.instantaneousActivePower! - NODE_STANDBY_W).toBeCloseTo(lowest.minPower! * powerTolerance, 0);
    expect(lowest.powerFactor!).toBeLessThan(0.85);
    expect(full.powerFactor!).toBeGreaterThan(0.95);
  });

  it('integrates energy exactly across a dimming change, metered and estimated apart', () => {
    const lightPoint = lightPointsAt(LATE_NIGHT).find((candidate) => candidate.operateMode === '005')!;
    const startKWh = lightPoint.energyKWh;
    const startEstimate = lightPoint.estimatedKWh;
    const halfW = lightPoint.powerW;
    // Half an hour at 50 %, then the command to 013 (100 %) at the moment it is integrated to, then an hour.
    advanceLightPoint(lightPoint, LATE_NIGHT + 30 * MINUTE);
    setLightPointOperateMode(lightPoint, '013');
    advanceLightPoint(lightPoint, LATE_NIGHT + 30 * MINUTE);
    const fullW = lightPoint.powerW;
    advanceLightPoint(lightPoint, LATE_NIGHT + 90 * MINUTE);
    expect(fullW).toBeGreaterThan(1.8 * halfW);
    expect(lightPoint.energyKWh - startKWh).toBeCloseTo((halfW * 0.5 + fullW * 1) / 1000, 9);
    const rated = (level: number) => NODE_STANDBY_W + ratedPowerAt(lightPoint.luminaire, level);
    expect(lightPoint.estimatedKWh - startEstimate).toBeCloseTo((rated(50) * 0.5 + rated(100)) / 1000, 9);
  });
});

describe('light point operate modes', () => {
  /** What each mode shows at night (cabinet on) and at noon (cabinet off): level, or 'no mains'. */
  const EXPECTED: Record<OperateMode, { night: number; noon: number | 'no mains' }> = {
    '005': { night: 100, noon: 0 },
    '006': { night: 100, noon: 'no mains' },
    '009': { night: 0, noon: 0 },
    '010': { night: 0, noon: 'no mains' },
    '013': { night: 100, noon: 100 },
    '014': { night: 100, noon: 'no mains' },
  };

  it.each(OPERATE_MODES)('%s lights, supplies and reports as the operate mode table says', (mode) => {
    const lightPoint = fedLightPoint(lightPointsAt(NIGHT));
    setLightPointOperateMode(lightPoint, mode);
    for (const [at, expected] of [
      [NIGHT + MINUTE, EXPECTED[mode].night],
      [NOON, EXPECTED[mode].noon],
    ] as const) {
      const values = reportAt(lightPoint, at);
      expect(values.operateMode).toBe(mode);
      if (expected === 'no mains') {
        expect(lightPoint.powerW).toBe(0);
        expect(values).toMatchObject({ poweredOn: false, shouldBeConnectedByGroup: false, dimmer: 0 });
        for (const key of LIGHT_POINT_ELECTRICAL_KEYS) expect(values[key]).toBeUndefined();
      } else {
        expect(values).toMatchObject({ dimming: expected, poweredOn: expected > 0, shouldBeConnectedByGroup: true });
        if (expected === 0) expect(values.instantaneousActivePower).toBe(NODE_STANDBY_W);
        else expect(values.instantaneousActivePower).toBeGreaterThan(0.9 * lightPoint.luminaire.ratedPowerW);
      }
    }
  });

  it('goes dark and draws nothing in 006, 010 and 014 when its cabinet output is switched off, unlike 005', () => {
    for (const mode of ['005', '006', '010', '013', '014'] as const) {
      const lightPoint = fedLightPoint(lightPointsAt(NIGHT));
      setLightPointOperateMode(lightPoint, mode);
      switchCabinet(lightPoint.cabinet, false, NIGHT, lightPoint.spec.output);
      advanceLightPoint(lightPoint, NIGHT + MINUTE);
      const values = lightPointLiveValues(lightPoint);
      const uninterruptible = mode === '005' || mode === '013';
      expect(values.poweredOn, mode).toBe(uninterruptible);
      expect(lightPoint.powerW > 0, mode).toBe(uninterruptible);
      expect(values.voltage === undefined, mode).toBe(!uninterruptible);
    }
  });

  it('keeps its operate mode through a manual switch, which the mode overrules again after 6 hours', () => {
    const lightPoint = lightPointsAt(NIGHT).find((candidate) => candidate.operateMode === '005')!;
    setLightPointOperateMode(lightPoint, '009');
    switchLightPoint(lightPoint, true, NIGHT);
    expect(reportAt(lightPoint, NIGHT + MINUTE)).toMatchObject({ operateMode: '009', poweredOn: true, dimming: 100 });
    expect(reportAt(lightPoint, NIGHT + 6 * HOUR - MINUTE)).toMatchObject({ operateMode: '009', poweredOn: true });
    expect(reportAt(lightPoint, NIGHT + 6 * HOUR + MINUTE)).toMatchObject({ operateMode: '009', poweredOn: false });
  });

  it('counts its minutes switched on from the switch-on, and none when the clock is set back before it', () => {
    const lightPoint = lightPointsAt(NIGHT).find((candidate) => candidate.operateMode === '005')!;
    switchLightPoint(lightPoint, false, NIGHT);
    expect(reportAt(lightPoint, NIGHT).estimatedOperatingMinutes).toBe(0);
    switchLightPoint(lightPoint, true, NIGHT + MINUTE);
    expect(reportAt(lightPoint, NIGHT + MINUTE).estimatedOperatingMinutes).toBe(0);
    expect(reportAt(lightPoint, NIGHT + 31 * MINUTE).estimatedOperatingMinutes).toBe(30);
    // The control interface's PUT /clock moves the fleet's time back an hour: a valid report, 0 minutes.
    expect(lightPointFullValues(lightPoint, NIGHT - HOUR).estimatedOperatingMinutes).toBe(0);
    expect(AttributeValuesSchema.safeParse(lightPointFullValues(lightPoint, NIGHT - HOUR)).success).toBe(true);
  });

  it('ends a manual switch when it is given a new operate mode', () => {
    const lightPoint = lightPointsAt(NIGHT).find((candidate) => candidate.operateMode === '005')!;
    switchLightPoint(lightPoint, false, NIGHT);
    expect(reportAt(lightPoint, NIGHT + MINUTE).poweredOn).toBe(false);
    setLightPointOperateMode(lightPoint, '013');
    expect(reportAt(lightPoint, NIGHT + 2 * MINUTE)).toMatchObject({
      operateMode: '013',
      dimming: 100,
      poweredOn: true,
    });
  });
});

describe('a light point fleet', () => {
  /** Reports of the fleet at a sequence of moments, with faults frequent enough to happen. */
  function run(): AttributeValues[] {
    const lightPoints = lightPointsAt(NIGHT, { faultRates: uniformFaultRates(40) });
    const reports: AttributeValues[] = [];
    for (let at = NIGHT + MINUTE; at < NIGHT + 3 * 24 * HOUR; at += 97 * MINUTE) {
      for (const lightPoint of lightPoints) reports.push(reportAt(lightPoint, at));
    }
    return reports;
  }

  it('gives the same values from the same seed', () => {
    expect(run()).toEqual(run());
  });

  it('loses the GPS fix only in a few per cent of its light points (the urban canyons)', () => {
    const lightPoints = lightPointsAt(NIGHT, { devices: 2000 });
    const lost = new Set<LightPoint>();
    for (let at = NIGHT + HOUR; at <= NIGHT + 48 * HOUR; at += HOUR) {
      for (const lightPoint of lightPoints) {
        advanceLightPoint(lightPoint, at);
        if (!lightPoint.gps.hasFix) lost.add(lightPoint);
      }
    }
    expect(lost.size / lightPoints.length).toBeGreaterThan(0.01);
    expect(lost.size / lightPoints.length).toBeLessThan(0.08);
  });
});

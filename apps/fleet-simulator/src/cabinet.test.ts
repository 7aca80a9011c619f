import * as SunCalc from 'suncalc';
import { describe, expect, it } from 'vitest';
import { AttributeValuesSchema } from '@farola/protocol';
import { cabinetFullValues, cabinetLiveValues, restoreCabinetCalendar, switchCabinet } from './cabinet';
import { setBreakerTripped, setCabinetCondition, setMaintenance } from './cabinet-alarms';
import { fixedScheduleLevel } from './cabinet-schedule';
import type { Cabinet, LightPoint } from './device-state';
import { advanceLightPoint, isLit } from './light-point';
import { lightPointLiveValues } from './light-point-values';
import { advanceCabinetAndFed, freshCabinet, runCommand } from './testing/cabinets';

/** What a light point reports at `nowMs`, its state brought up to that moment first. */
function liveAt(lightPoint: LightPoint, nowMs: number) {
  advanceLightPoint(lightPoint, nowMs);
  return lightPointLiveValues(lightPoint);
}

/** 21:00 UTC, 22:00 in Barcelona: night. Madrid is UTC+1 in January. */
const NIGHT = Date.parse('2026-01-15T21:00:00Z');
const NOON = Date.parse('2026-01-15T11:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const at = (iso: string) => Date.parse(iso);

function output(cabinet: Cabinet, index: number, nowMs: number) {
  const state = cabinetLiveValues(cabinet, nowMs).outputs?.find((candidate) => candidate.index === index);
  if (!state) throw new Error(`no output ${index}`);
  return state;
}

const fedBy = (cabinet: Cabinet, index: number) =>
  cabinet.lightPoints.filter((lightPoint) => lightPoint.spec.output === index);

describe('cabinet output schedules', () => {
  it('switches one output by its fixed rules at the local minute a rule starts, the others by the sun', async () => {
    const cabinet = freshCabinet(NIGHT);
    const rules = [
      { time: '00:00', dimming: 0 },
      { time: '18:30', dimming: 100 },
      { time: '23:15', dimming: 0 },
    ];
    expect(await runCommand(cabinet, 'createCalendar', { rules, output: 2 }, NIGHT)).toMatchObject({ status: 'DONE' });
    // 18:30 in Madrid is 17:30 UTC in January.
    expect(output(cabinet, 2, at('2026-01-15T17:29:59Z'))).toMatchObject({ on: false, mode: 1 });
    expect(output(cabinet, 2, at('2026-01-15T17:30:00Z'))).toMatchObject({ on: true, mode: 1 });
    expect(output(cabinet, 2, at('2026-01-15T22:14:59Z')).on).toBe(true);
    expect(output(cabinet, 2, at('2026-01-15T22:15:00Z')).on).toBe(false);
    // Sunset was at about 16:40 UTC: output 1 is astronomical, and on.
    expect(output(cabinet, 1, at('2026-01-15T17:29:59Z'))).toMatchObject({ on: true, mode: 0 });
  });

  it('holds the first rule from 00:00 until the next one', async () => {
    const cabinet = freshCabinet(NIGHT);
    const rules = [
      { time: '00:00', dimming: 100 },
      { time: '07:00', dimming: 0 },
      { time: '17:00', dimming: 60 },
    ];
    expect((await runCommand(cabinet, 'createCalendar', { rules }, NIGHT)).status).toBe('DONE');
    // Local midnight is 23:00 UTC; the last rule of the day before (17:00) does not carry over.
    expect(output(cabinet, 1, at('2026-01-14T22:59:59Z')).on).toBe(true);
    expect(output(cabinet, 1, at('2026-01-14T23:00:00Z')).on).toBe(true);
    expect(output(cabinet, 1, at('2026-01-15T05:59:59Z')).on).toBe(true);
    expect(output(cabinet, 1, at('2026-01-15T06:00:00Z')).on).toBe(false);
    expect(
      fixedScheduleLevel(
        [
          { time: '06:00', dimming: 100 },
          { time: '22:00', dimming: 0 },
        ],
        3 * 60,
      ),
    ).toBe(100);
  });

  it("follows sunrise and sunset at the cabinet, shifted by one output's own offsets", async () => {
    const cabinet = freshCabinet(NIGHT);
    const { latitude, longitude } = cabinet.spec;
    const sun = SunCalc.getTimes(new Date(NOON), latitude, longitude);
    const sunrise = sun.sunrise!.getTime();
    const sunset = sun.sunset!.getTime();
    const params = { sunriseOffsetMinutes: 20, sunsetOffsetMinutes: -30, output: 1 };
    expect((await runCommand(cabinet, 'createAstroCalendar', params, NIGHT)).status).toBe('DONE');
    expect(output(cabinet, 1, sunrise + 20 * MINUTE - SECOND)).toMatchObject({ on: true, mode: 0 });
    expect(output(cabinet, 1, sunrise + 20 * MINUTE).on).toBe(false);
    expect(output(cabinet, 1, sunset - 30 * MINUTE - SECOND).on).toBe(false);
    expect(output(cabinet, 1, sunset - 30 * MINUTE).on).toBe(true);
    // Output 2 keeps the configuration's offsets, none: dark until sunset itself.
    expect(output(cabinet, 2, sunset - 30 * MINUTE).on).toBe(false);
    expect(output(cabinet, 2, sunset).on).toBe(true);
  });

  it('computes sunrise and sunset at the Head End position when told not to use its own', async () => {
    const cabinet = freshCabinet(NIGHT);
    // Helsinki: the sun sets there about three hours before it sets in Barcelona.
    const helsinki = { latitude: 60.17, longitude: 24.94 };
    const helsinkiSunset = SunCalc.getTimes(new Date(NOON), helsinki.latitude, helsinki.longitude).sunset!.getTime();
    const afternoon = helsinkiSunset + 30 * MINUTE;
    expect(output(cabinet, 1, afternoon).on).toBe(false);
    const parameters = { time: { useDeviceLocation: false }, headEnd: helsinki };
    expect((await runCommand(cabinet, 'setConfiguration', { parameters }, NIGHT)).status).toBe('DONE');
    expect(output(cabinet, 1, afternoon).on).toBe(true);
    expect(cabinetFullValues(cabinet, afternoon).astronomicalInfo?.sunset).toBe(new Date(helsinkiSunset).toISOString());
  });
});

describe('cabinet output reports', () => {
  it('reports what each output runs: its fixed rules, or the astronomical offsets in force', async () => {
    const cabinet = freshCabinet(NIGHT);
    const rules = [
      { time: '00:00', dimming: 0 },
      { time: '19:00', dimming: 100 },
    ];
    expect((await runCommand(cabinet, 'createCalendar', { rules, output: 1 }, NIGHT)).status).toBe('DONE');
    const own = { sunriseOffsetMinutes: -15, sunsetOffsetMinutes: 20 };
    expect((await runCommand(cabinet, 'createAstroCalendar', { ...own, output: 2 }, NIGHT)).status).toBe('DONE');
    expect(output(cabinet, 1, NIGHT).schedule).toEqual({ kind: 'fixed', rules });
    expect(output(cabinet, 2, NIGHT).schedule).toEqual({ kind: 'astro', ...own });
    // A factory-fresh output follows the configuration's offsets, and says which they are.
    const { sunriseOffsetMinutes, sunsetOffsetMinutes } = freshCabinet(NIGHT).configuration.time;
    expect(output(freshCabinet(NIGHT), 1, NIGHT).schedule).toEqual({
      kind: 'astro',
      sunriseOffsetMinutes,
      sunsetOffsetMinutes,
    });
    expect(AttributeValuesSchema.safeParse(cabinetLiveValues(cabinet, NIGHT)).success).toBe(true);
  });
});

describe('cabinet manual mode', () => {
  it('reads mode 2 after a switch and hands the output back to its schedule after exactly 6 hours', () => {
    const cabinet = freshCabinet(NIGHT);
    switchCabinet(cabinet, false, NIGHT, 1);
    expect(output(cabinet, 1, NIGHT)).toMatchObject({ on: false, mode: 2 });
    expect(output(cabinet, 1, NIGHT).manualUntil).toBe(new Date(NIGHT + 6 * HOUR).toISOString());
    expect(output(cabinet, 2, NIGHT)).toMatchObject({ on: true, mode: 0 });
    expect(output(cabinet, 2, NIGHT)).not.toHaveProperty('manualUntil');
    // 03:00 UTC is still night: the schedule lights the output again.
    expect(output(cabinet, 1, NIGHT + 6 * HOUR - 1)).toMatchObject({ on: false, mode: 2 });
    expect(output(cabinet, 1, NIGHT + 6 * HOUR)).toMatchObject({ on: true, mode: 0 });
    expect(output(cabinet, 1, NIGHT + 6 * HOUR)).not.toHaveProperty('manualUntil');
  });

  it('ends at once with restoreCalendar, for the named output only', async () => {
    const cabinet = freshCabinet(NIGHT);
    switchCabinet(cabinet, false, NIGHT);
    const later = NIGHT + 10 * MINUTE;
    expect(await runCommand(cabinet, 'restoreCalendar', { output: 2 }, later)).toMatchObject({ status: 'DONE' });
    expect(output(cabinet, 2, later)).toMatchObject({ on: true, mode: 0 });
    expect(output(cabinet, 1, later)).toMatchObject({ on: false, mode: 2 });
    restoreCabinetCalendar(cabinet);
    expect(output(cabinet, 1, later)).toMatchObject({ on: true, mode: 0 });
  });

  it('refuses restoreCalendar for an output the cabinet does not have, and on a light point', async () => {
    const cabinet = freshCabinet(NIGHT);
    expect(await runCommand(cabinet, 'restoreCalendar', { output: 16 }, NIGHT)).toMatchObject({
      status: 'ERROR',
      error: { code: 'NOT_ACCEPTABLE' },
    });
    expect(await runCommand(cabinet.lightPoints[0]!, 'restoreCalendar', {}, NIGHT)).toMatchObject({
      status: 'ERROR',
      error: { code: 'METHOD_NOT_ALLOWED' },
    });
  });
});

describe('cabinet metering', () => {
  it('meters each output from the light points on it, and their energies sum to the total less its own', () => {
    const cabinet = freshCabinet(NIGHT);
    const start = {
      total: cabinet.energyKWh,
      own: cabinet.selfEnergyKWh,
      outputs: cabinet.outputs.map((o) => o.energyKWh),
    };
    let expectedOutputKWh = cabinet.outputs.map(() => 0);
    for (let t = NIGHT + MINUTE; t <= NIGHT + 2 * HOUR; t += 7 * MINUTE) {
      const held = cabinet.outputs.map((o) => o.powerW);
      const hours = (t - cabinet.lastAdvanceMs) / HOUR;
      advanceCabinetAndFed(cabinet, t);
      expectedOutputKWh = expectedOutputKWh.map((kWh, i) => kWh + ((held[i] ?? 0) * hours) / 1000);
      for (const out of cabinet.outputs) {
        const fed = fedBy(cabinet, out.index).reduce((sum, lightPoint) => sum + lightPoint.powerW, 0);
        expect(out.powerW).toBeCloseTo(fed, 9);
      }
    }
    cabinet.outputs.forEach((out, i) =>
      expect(out.energyKWh - (start.outputs[i] ?? 0)).toBeCloseTo(expectedOutputKWh[i]!, 9),
    );
    const outputsKWh = cabinet.outputs.reduce((sum, out) => sum + out.energyKWh, 0);
    expect(outputsKWh).toBeCloseTo(cabinet.energyKWh - cabinet.selfEnergyKWh, 6);
    // Two hours of 8 W electronics.
    expect(cabinet.selfEnergyKWh - start.own).toBeCloseTo((8 * (2 * HOUR - MINUTE)) / HOUR / 1000 + 8 / 60 / 1000, 6);
    expect(cabinet.energyKWh).toBeGreaterThan(start.total);
    const reported = cabinetLiveValues(cabinet, NIGHT + 2 * HOUR);
    const reportedOutputs = reported.outputs?.reduce((sum, out) => sum + (out.activeEnergy ?? 0), 0) ?? 0;
    expect(reportedOutputs).toBeCloseTo((reported.totalActiveEnergy ?? 0) - cabinet.selfEnergyKWh, 2);
    expect(reported.outputs?.every((out) => (out.activePower ?? 0) > 0)).toBe(true);
  });
});

describe('cabinet supply', () => {
  it('darkens every light point it feeds on battery, reading its outputs off, and lights them again with mains', () => {
    const cabinet = freshCabinet(NIGHT);
    advanceCabinetAndFed(cabinet, NIGHT);
    expect(cabinet.lightPoints.every((lightPoint) => isLit(lightPoint, NIGHT))).toBe(true);
    setCabinetCondition(cabinet, 'batteryMode', true, NIGHT);
    const later = NIGHT + MINUTE;
    advanceCabinetAndFed(cabinet, later);
    expect(cabinet.lightPoints.filter((lightPoint) => isLit(lightPoint, later))).toEqual([]);
    expect(cabinet.lightPoints.every((lightPoint) => liveAt(lightPoint, later).poweredOn === false)).toBe(true);
    const values = cabinetLiveValues(cabinet, later);
    expect(values).toMatchObject({ poweredOn: false, instantaneousActivePower: 0, voltage: 0 });
    expect(values.outputs?.every((out) => !out.on && out.activePower === 0)).toBe(true);
    setCabinetCondition(cabinet, 'batteryMode', false, later);
    advanceCabinetAndFed(cabinet, later + MINUTE);
    expect(cabinet.lightPoints.every((lightPoint) => isLit(lightPoint, later + MINUTE))).toBe(true);
  });

  it("darkens a tripped branch's light points while its output still reads on", () => {
    const cabinet = freshCabinet(NIGHT);
    setBreakerTripped(cabinet, 1, true, NIGHT);
    advanceCabinetAndFed(cabinet, NIGHT + MINUTE);
    expect(fedBy(cabinet, 1).some((lightPoint) => isLit(lightPoint, NIGHT + MINUTE))).toBe(false);
    expect(fedBy(cabinet, 2).every((lightPoint) => isLit(lightPoint, NIGHT + MINUTE))).toBe(true);
    expect(output(cabinet, 1, NIGHT + MINUTE)).toMatchObject({ on: true, activePower: 0 });
    setBreakerTripped(cabinet, 1, false, NIGHT + MINUTE);
    advanceCabinetAndFed(cabinet, NIGHT + 2 * MINUTE);
    expect(fedBy(cabinet, 1).every((lightPoint) => isLit(lightPoint, NIGHT + 2 * MINUTE))).toBe(true);
  });

  it('lights everything it feeds at 100 % in maintenance, in daylight, with every output in mode 3', () => {
    const cabinet = freshCabinet(NOON);
    advanceCabinetAndFed(cabinet, NOON);
    expect(cabinet.lightPoints.some((lightPoint) => isLit(lightPoint, NOON))).toBe(false);
    setMaintenance(cabinet, true, NOON);
    advanceCabinetAndFed(cabinet, NOON + MINUTE);
    expect(cabinetLiveValues(cabinet, NOON + MINUTE).outputs?.every((out) => out.on && out.mode === 3)).toBe(true);
    for (const lightPoint of cabinet.lightPoints) {
      expect(liveAt(lightPoint, NOON + MINUTE)).toMatchObject({ poweredOn: true, dimming: 100 });
    }
    setMaintenance(cabinet, false, NOON + MINUTE);
    expect(output(cabinet, 1, NOON + MINUTE)).toMatchObject({ on: false, mode: 0 });
  });
});

describe('cabinet reports', () => {
  it('validate against the attribute schema in every state, without a password in clear', async () => {
    const cabinet = freshCabinet(NIGHT);
    const parameters = { mobile: { username: 'cabinet', password: 'hunter2' } };
    expect((await runCommand(cabinet, 'setConfiguration', { parameters }, NIGHT)).status).toBe('DONE');
    const states: Array<(nowMs: number) => void> = [
      () => undefined,
      (nowMs) => switchCabinet(cabinet, true, nowMs, 2),
      (nowMs) => setMaintenance(cabinet, true, nowMs),
      (nowMs) => setCabinetCondition(cabinet, 'batteryMode', true, nowMs),
      (nowMs) => setCabinetCondition(cabinet, 'ecometerCommunicationFailure', true, nowMs),
      (nowMs) => setCabinetCondition(cabinet, 'MRcommunicationFailure', true, nowMs),
      (nowMs) => setCabinetCondition(cabinet, 'controlGearCommFailure', true, nowMs),
    ];
    for (const [step, enter] of states.entries()) {
      const nowMs = NIGHT + step * MINUTE;
      enter(nowMs);
      advanceCabinetAndFed(cabinet, nowMs);
      const full = AttributeValuesSchema.parse(cabinetFullValues(cabinet, nowMs));
      expect(full.configuration?.mobile).toMatchObject({ username: 'cabinet', password: '••••' });
      expect(JSON.stringify(full)).not.toContain('hunter2');
      AttributeValuesSchema.parse(cabinetLiveValues(cabinet, nowMs));
    }
  });

  it('carries the configuration in the first live report after a change, and not in the next', async () => {
    const cabinet = freshCabinet(NIGHT);
    expect(cabinetLiveValues(cabinet, NIGHT).configuration).toBeUndefined();
    const parameters = { measures: { measurementIntervalSeconds: 300 } };
    expect((await runCommand(cabinet, 'setConfiguration', { parameters }, NIGHT)).status).toBe('DONE');
    expect(cabinetLiveValues(cabinet, NIGHT).configuration?.measures.measurementIntervalSeconds).toBe(300);
    expect(cabinetLiveValues(cabinet, NIGHT).configuration).toBeUndefined();
  });
});

import { type LogRecord, type Schedule, ScheduleSchema, type UpLogMessage, UpLogMessageSchema } from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { setCabinetCondition } from './cabinet-alarms';
import { advanceDevice } from './device';
import type { LightPoint } from './device-state';
import { injectFault } from './light-faults';
import { switchLightPoint } from './light-point';
import { logComputer, loggedHours } from './logged-data';
import { advanceCabinetAndFed, freshCabinet, runCommand } from './testing/cabinets';
import { lightPointsAt } from './testing/light-points';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 17:00–18:00 in Barcelona on 15 January: the sun sets at 17:46, so the lights come on within it. */
const SUNSET_HOUR = Date.parse('2026-01-15T16:00:00Z');
/** 22:00 local that night: the night curve holds 100 %. */
const NIGHT_HOUR = Date.parse('2026-01-15T21:00:00Z');
const NOW = Date.parse('2026-01-20T09:30:00Z');

/** An uninterruptible light point dimming by the curve: lit from sunset by its own clock. */
const curveLightPoint = (nowMs: number): LightPoint =>
  lightPointsAt(nowMs).find((lightPoint) => lightPoint.operateMode === '005')!;

const recordOf = (lightPoint: LightPoint, hourMs: number, nowMs: number): LogRecord =>
  logComputer(lightPoint, nowMs).record(hourMs);

const PROGRAM_ID = '0a000000-0000-4000-8000-000000000002';
/** A calendar that dims to 30 % from 20:00 until sunrise. */
const LOW_NIGHTS: Schedule = ScheduleSchema.parse({
  calendar: {
    id: 'c8a4f0d2-0d7e-4b61-9f53-2f4e8a7b1c56',
    name: 'Low nights',
    astronomical: true,
    rules: [{ repetition: 'daily', startDate: '2026-01-01', programId: PROGRAM_ID }],
  },
  programs: [
    {
      id: PROGRAM_ID,
      name: 'Low',
      intervals: [
        { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
        { start: '20:00', dimming: 30, fadingMinutes: 0 },
      ],
    },
  ],
});

describe('logged data: an hour computed on demand is the hour the live device lives', () => {
  it("equals a light point's meter advanced minute by minute, hour by hour from sunset to past midnight", () => {
    const lightPoint = curveLightPoint(SUNSET_HOUR);
    const metered: { energy: number; hours: number }[] = [];
    for (let hour = 0; hour < 8; hour += 1) {
      const [energy, hours] = [lightPoint.energyKWh, lightPoint.operatingHours];
      for (let minute = 1; minute <= 60; minute += 1)
        advanceDevice(lightPoint, SUNSET_HOUR + hour * HOUR + minute * MINUTE);
      metered.push({ energy: lightPoint.energyKWh - energy, hours: lightPoint.operatingHours - hours });
    }
    const computer = logComputer(lightPoint, SUNSET_HOUR + 8 * HOUR);
    const records = metered.map((_, hour) => computer.record(SUNSET_HOUR + hour * HOUR));
    records.forEach((record, hour) => {
      expect(Math.abs(record.energy - metered[hour]!.energy) / metered[hour]!.energy).toBeLessThan(0.005);
      expect(record.operatingHours).toBeCloseTo(metered[hour]!.hours, 4);
    });
    // Lit for the 14 minutes after sunset, then all night: 100 % until 23:00 local, 70 % after.
    expect(records[0]!.operatingHours).toBeGreaterThan(0.2);
    expect(records[0]!.operatingHours).toBeLessThan(0.3);
    expect(records.map((record) => record.dimming)).toEqual([100, 100, 100, 100, 100, 100, 70, 70]);
    expect(records[6]!.energy).toBeLessThan(records[5]!.energy * 0.8);
  });

  it("equals a cabinet's meters, output by output, advanced with its light points minute by minute", () => {
    const cabinet = freshCabinet(SUNSET_HOUR);
    advanceCabinetAndFed(cabinet, SUNSET_HOUR);
    const before = { total: cabinet.energyKWh, outputs: cabinet.outputs.map((output) => output.energyKWh) };
    for (let t = SUNSET_HOUR + MINUTE; t <= SUNSET_HOUR + HOUR; t += MINUTE) advanceCabinetAndFed(cabinet, t);
    const record = logComputer(cabinet, SUNSET_HOUR + HOUR).record(SUNSET_HOUR);
    const metered = cabinet.energyKWh - before.total;
    expect(Math.abs(record.energy - metered) / metered).toBeLessThan(0.005);
    expect(record.outputs).toHaveLength(cabinet.outputs.length);
    cabinet.outputs.forEach((output, i) => {
      const outputMetered = output.energyKWh - before.outputs[i]!;
      expect(record.outputs![i]).toMatchObject({ index: output.index });
      expect(Math.abs(record.outputs![i]!.energy - outputMetered)).toBeLessThan(0.005 * metered);
    });
    // Astronomical outputs come on at sunset, 46–47 minutes into the hour.
    expect(record.onShare * 60).toBeGreaterThanOrEqual(13);
    expect(record.onShare * 60).toBeLessThanOrEqual(14);
    expect(record.operatingHours).toBe(1);
  });

  it('holds the same physics at night and by day: 100 % at 22:00, the node alone at noon', () => {
    const lightPoint = curveLightPoint(NOW);
    const night = recordOf(lightPoint, NIGHT_HOUR, NOW);
    const noon = recordOf(lightPoint, Date.parse('2026-01-16T11:00:00Z'), NOW);
    expect(night).toMatchObject({ operatingHours: 1, onShare: 1, dimming: 100 });
    expect(night.energy).toBeGreaterThan((lightPoint.luminaire.ratedPowerW * 0.95) / 1000);
    expect(noon).toEqual({
      hour: '2026-01-16T11:00:00.000Z',
      energy: 0.0005,
      operatingHours: 0,
      onShare: 0,
      dimming: 0,
    });
  });

  it('gives the same records however often they are asked for, and leaves the live device as it was', () => {
    const lightPoint = curveLightPoint(NOW);
    const meters = [lightPoint.energyKWh, lightPoint.operatingHours, lightPoint.powerW];
    const week = (computer = logComputer(lightPoint, NOW)) =>
      Array.from({ length: 168 }, (_, i) => computer.record(NOW - 8 * DAY + i * HOUR - (NOW % HOUR)));
    expect(week()).toEqual(week());
    expect([lightPoint.energyKWh, lightPoint.operatingHours, lightPoint.powerW]).toEqual(meters);
    // Nobody touched it: it keeps no journal at all.
    expect(lightPoint.journal).toBeNull();
  });
});

describe('logged data follows what happened to the device', () => {
  it('logs the levels of a calendar from the moment it was stored, and the night curve before', async () => {
    const lightPoint = curveLightPoint(NOW - 3 * DAY);
    const storedAt = Date.parse('2026-01-18T10:00:00Z');
    expect(await runCommand(lightPoint, 'setSchedule', LOW_NIGHTS, storedAt)).toMatchObject({ status: 'DONE' });
    advanceDevice(lightPoint, storedAt);
    const before = recordOf(lightPoint, Date.parse('2026-01-17T21:00:00Z'), NOW);
    const after = recordOf(lightPoint, Date.parse('2026-01-18T21:00:00Z'), NOW);
    expect(before.dimming).toBe(100);
    expect(after.dimming).toBe(30);
    expect(after.onShare).toBe(1);
    expect(after.energy).toBeLessThan(before.energy * 0.45);
  });

  it('logs a manual switch-off while it held, and a lamp failure only from when it struck', () => {
    const lightPoint = curveLightPoint(NOW - 3 * DAY);
    const switchedAt = Date.parse('2026-01-17T20:30:00Z');
    advanceDevice(lightPoint, switchedAt);
    switchLightPoint(lightPoint, false, switchedAt);
    advanceDevice(lightPoint, switchedAt);
    const failedAt = Date.parse('2026-01-18T19:00:00Z');
    injectFault(lightPoint, 'lampFailure', failedAt);
    advanceDevice(lightPoint, failedAt + HOUR);
    const hour = (iso: string) => recordOf(lightPoint, Date.parse(iso), NOW);
    // Switched off at 21:30 local for the 6 hours of manual mode.
    expect(hour('2026-01-17T20:00:00Z')).toMatchObject({ onShare: 0.5, operatingHours: 0.5 });
    // The node alone, its relay open.
    expect(hour('2026-01-17T23:00:00Z')).toMatchObject({ onShare: 0, operatingHours: 0, energy: 0.0005 });
    expect(hour('2026-01-18T03:00:00Z')).toMatchObject({ onShare: 1, operatingHours: 1 });
    // The evening before the failure still shines; from it on the node switches on, yet nothing lights.
    expect(hour('2026-01-18T18:00:00Z')).toMatchObject({ onShare: 1, operatingHours: 1 });
    const failed = hour('2026-01-18T21:00:00Z');
    expect(failed).toMatchObject({ onShare: 1, operatingHours: 0, dimming: 100 });
    expect(failed.energy).toBeLessThan(0.001);
  });

  it("logs a cabinet's mains loss: no energy through it, and the light points it feeds dark", () => {
    const cabinet = freshCabinet(NOW - 3 * DAY);
    const lostAt = Date.parse('2026-01-18T21:15:00Z');
    advanceCabinetAndFed(cabinet, lostAt);
    setCabinetCondition(cabinet, 'batteryMode', true, lostAt, 30 * MINUTE);
    advanceCabinetAndFed(cabinet, lostAt);
    advanceCabinetAndFed(cabinet, lostAt + HOUR);
    const hourMs = Date.parse('2026-01-18T21:00:00Z');
    const record = logComputer(cabinet, NOW).record(hourMs);
    const normal = logComputer(cabinet, NOW).record(hourMs - DAY);
    expect(record.energy / normal.energy).toBeCloseTo(0.5, 1);
    expect(record.onShare).toBe(0.5);
    const fed = cabinet.lightPoints[1]!;
    expect(fed.operateMode).toBe('005');
    expect(recordOf(fed, hourMs, NOW)).toMatchObject({ onShare: 0.5, operatingHours: 0.5 });
  });
});

describe('uploadLog', () => {
  it('publishes the period in pages of at most a week that cover it once, in order, then DONE', async () => {
    const lightPoint = curveLightPoint(NOW);
    const pages: UpLogMessage[] = [];
    const from = new Date(NOW - 30 * DAY).toISOString();
    const to = new Date(NOW).toISOString();
    const answer = await runCommand(lightPoint, 'uploadLog', { from, to }, NOW, pages);
    expect(answer).toMatchObject({ status: 'DONE', progress: 100 });
    expect(pages.map((page) => [page.page, page.pages])).toEqual([1, 2, 3, 4, 5].map((page) => [page, 5]));
    for (const page of pages) expect(UpLogMessageSchema.parse(page).records.length).toBeLessThanOrEqual(168);
    const hours = pages.flatMap((page) => page.records.map((record) => Date.parse(record.hour)));
    // 30 days from 09:30: the hour from 09:00 on, up to the last complete hour before 09:30 now.
    expect(hours).toHaveLength(30 * 24);
    expect(hours[0]).toBe(NOW - 30 * DAY - 30 * MINUTE);
    hours.forEach((hour, i) => i > 0 && expect(hour - hours[i - 1]!).toBe(HOUR));
    expect(hours.at(-1)).toBe(NOW - 90 * MINUTE);
  });

  it('refuses a period starting more than 12 months back, and answers one empty page for the future', async () => {
    const lightPoint = curveLightPoint(NOW);
    const tooOld = { from: '2025-01-19T00:00:00Z', to: '2025-01-21T00:00:00Z' };
    expect(await runCommand(lightPoint, 'uploadLog', tooOld, NOW)).toMatchObject({
      status: 'ERROR',
      error: { code: 'NOT_ACCEPTABLE' },
    });
    const pages: UpLogMessage[] = [];
    const future = { from: '2026-01-21T00:00:00Z', to: '2026-01-22T00:00:00Z' };
    expect(await runCommand(lightPoint, 'uploadLog', future, NOW, pages)).toMatchObject({ status: 'DONE' });
    expect(pages).toMatchObject([{ page: 1, pages: 1, records: [] }]);
  });

  it("uploads a cabinet's year of hours, each with its outputs, without keeping them", async () => {
    const cabinet = freshCabinet(NOW);
    const pages: UpLogMessage[] = [];
    const from = new Date(NOW - 365 * DAY).toISOString();
    const started = performance.now();
    await runCommand(cabinet, 'uploadLog', { from, to: new Date(NOW).toISOString() }, NOW, pages);
    const records = pages.flatMap((page) => page.records);
    expect(records).toHaveLength(365 * 24);
    expect(pages).toHaveLength(Math.ceil((365 * 24) / 168));
    expect(performance.now() - started).toBeLessThan(20_000);
    // Long winter nights draw more than short summer ones.
    const night = (month: string) =>
      records.filter((record) => record.hour.startsWith(month)).reduce((sum, record) => sum + record.onShare, 0);
    expect(night('2025-12')).toBeGreaterThan(night('2025-06') * 1.4);
    for (const record of records) {
      const circuits = record.outputs!.reduce((sum, output) => sum + output.energy, 0);
      // The controller's own 8 W on top of what its outputs carried.
      expect(record.energy - circuits).toBeCloseTo(0.008, 3);
    }
  });
});

describe('resetInstallation', () => {
  it('restarts the counters from the chosen date, recalculated from the logged data, and cuts the data before it', async () => {
    const cabinet = freshCabinet(NOW - DAY);
    advanceCabinetAndFed(cabinet, NOW - DAY);
    setCabinetCondition(cabinet, 'cabinetDoorOpen', true, NOW - DAY);
    advanceCabinetAndFed(cabinet, NOW);
    const answer = await runCommand(cabinet, 'resetInstallation', { installationDate: '2026-01-17' }, NOW);
    expect(answer).toMatchObject({ status: 'DONE' });
    // Midnight on 17 January in Barcelona.
    const installedAt = Date.parse('2026-01-16T23:00:00Z');
    expect(cabinet.installedAtMs).toBe(installedAt);
    expect(cabinet.operatingHours).toBeCloseTo((NOW - installedAt) / HOUR, 6);
    const { first, count } = loggedHours(cabinet, NOW - 10 * DAY, NOW, NOW);
    expect(first).toBe(installedAt);
    const computer = logComputer(cabinet, NOW);
    const logged = Array.from({ length: count }, (_, i) => computer.record(first + i * HOUR));
    const sum = logged.reduce((total, record) => total + record.energy, 0);
    // The logged hours, plus the half hour since the last one.
    expect(cabinet.energyKWh).toBeGreaterThan(sum);
    expect(cabinet.energyKWh).toBeLessThan(sum + 0.5 * (logged.at(-1)!.energy + 0.01));
    const outputs = cabinet.outputs.reduce((total, output) => total + output.energyKWh, 0);
    expect(cabinet.energyKWh - outputs - cabinet.selfEnergyKWh).toBeCloseTo(0, 9);
    // The open door's alarm is cleared.
    expect(cabinet.conditions.active.size).toBe(0);
    expect(cabinet.conditions.pending).toContainEqual({ type: 'cabinetDoorOpen', active: false });

    const pages: UpLogMessage[] = [];
    const week = { from: new Date(NOW - 7 * DAY).toISOString(), to: new Date(NOW).toISOString() };
    await runCommand(cabinet, 'uploadLog', week, NOW, pages);
    const hours = pages.flatMap((page) => page.records.map((record) => record.hour));
    expect(hours[0]).toBe('2026-01-16T23:00:00.000Z');
    expect(hours).toHaveLength(count);
  });

  it('refuses a date in the future or before the 12 months of logged data', async () => {
    const cabinet = freshCabinet(NOW);
    for (const installationDate of ['2026-01-21', '2024-12-01']) {
      expect(await runCommand(cabinet, 'resetInstallation', { installationDate }, NOW)).toMatchObject({
        status: 'ERROR',
        error: { code: 'NOT_ACCEPTABLE' },
      });
    }
    expect(cabinet.installedAtMs).toBeLessThan(Date.parse('2026-01-01'));
  });
});

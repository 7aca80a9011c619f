import * as SunCalc from 'suncalc';
import { describe, expect, it } from 'vitest';
import { FIXED_SCHEDULE_INVALID_MESSAGE } from '@farola/protocol';
import { cabinetLiveValues } from './cabinet';
import { cabinetAlarmsDue } from './cabinet-alarms';
import { factoryConfiguration } from './cabinet-config';
import type { Cabinet } from './device-state';
import { freshCabinet, runCommand } from './testing/cabinets';

const NIGHT = Date.parse('2026-01-15T21:00:00Z');
const NOON = Date.parse('2026-01-15T11:00:00Z');
const MINUTE = 60_000;

const sunsetAt = (cabinet: Cabinet) =>
  SunCalc.getTimes(new Date(NOON), cabinet.spec.latitude, cabinet.spec.longitude).sunset!.getTime();
const outputsOn = (cabinet: Cabinet, nowMs: number) => cabinetLiveValues(cabinet, nowMs).outputs?.map((out) => out.on);

describe('setConfiguration', () => {
  it('refuses a malformed IP address with NOT_ACCEPTABLE, naming the parameter, and changes nothing', async () => {
    const cabinet = freshCabinet(NIGHT);
    const before = structuredClone(cabinet.configuration);
    const parameters = { headEnd: { ipAddress: '192.168.1.256' }, time: { sunsetOffsetMinutes: -30 } };
    const answer = await runCommand(cabinet, 'setConfiguration', { parameters }, NIGHT);
    expect(answer).toMatchObject({ status: 'ERROR', error: { code: 'NOT_ACCEPTABLE' } });
    expect(answer.error?.message).toContain('parameters.headEnd.ipAddress');
    expect(cabinet.configuration).toEqual(before);
  });

  it('refuses a change that breaks a rule across fields, such as a gateway outside the new subnet', async () => {
    const cabinet = freshCabinet(NIGHT);
    const parameters = { headEnd: { ipAddress: '10.20.0.5', netMask: '255.255.0.0' } };
    const answer = await runCommand(cabinet, 'setConfiguration', { parameters }, NIGHT);
    expect(answer).toMatchObject({ status: 'ERROR', error: { code: 'NOT_ACCEPTABLE' } });
    expect(answer.error?.message).toContain('headEnd.gateway');
    const moved = { headEnd: { ...parameters.headEnd, gateway: '10.20.0.1' } };
    expect((await runCommand(cabinet, 'setConfiguration', { parameters: moved }, NIGHT)).status).toBe('DONE');
    expect(cabinet.configuration.headEnd).toMatchObject({ ipAddress: '10.20.0.5', gateway: '10.20.0.1' });
  });

  it('moves the astronomical schedule with the sunset offset', async () => {
    const cabinet = freshCabinet(NIGHT);
    const beforeSunset = sunsetAt(cabinet) - 45 * MINUTE;
    expect(outputsOn(cabinet, beforeSunset)?.some(Boolean)).toBe(false);
    const parameters = { time: { sunsetOffsetMinutes: -60 } };
    expect((await runCommand(cabinet, 'setConfiguration', { parameters }, NIGHT)).status).toBe('DONE');
    expect(outputsOn(cabinet, beforeSunset)?.every(Boolean)).toBe(true);
  });

  it('stores the measurement intervals and file paths it is given', async () => {
    const cabinet = freshCabinet(NIGHT);
    const measures = { measurementIntervalSeconds: 600, energiesFilePath: '/data/energies.csv' };
    expect((await runCommand(cabinet, 'setConfiguration', { parameters: { measures } }, NIGHT)).status).toBe('DONE');
    expect(cabinet.configuration.measures).toMatchObject(measures);
  });

  it('enters and leaves maintenance, raising and clearing its alarm', async () => {
    const cabinet = freshCabinet(NOON, 'vega');
    const on = { other: { maintenanceMode: true } };
    expect((await runCommand(cabinet, 'setConfiguration', { parameters: on }, NOON)).status).toBe('DONE');
    expect(cabinetLiveValues(cabinet, NOON).outputs?.every((out) => out.on && out.mode === 3)).toBe(true);
    expect(cabinetAlarmsDue(cabinet, NOON)).toEqual([{ type: 'maintenanceMode', active: true }]);
    const off = { other: { maintenanceMode: false } };
    expect((await runCommand(cabinet, 'setConfiguration', { parameters: off }, NOON + MINUTE)).status).toBe('DONE');
    expect(cabinetAlarmsDue(cabinet, NOON + MINUTE)).toEqual([{ type: 'maintenanceMode', active: false }]);
    expect(outputsOn(cabinet, NOON + MINUTE)?.some(Boolean)).toBe(false);
  });
});

describe('factoryReset of a cabinet', () => {
  it('restores the factory parameters and the astronomical schedule on every output', async () => {
    const cabinet = freshCabinet(NIGHT);
    const parameters = {
      time: { sunsetOffsetMinutes: 45 },
      mobile: { password: 'secret' },
      other: { maintenanceMode: true },
    };
    expect((await runCommand(cabinet, 'setConfiguration', { parameters }, NIGHT)).status).toBe('DONE');
    const rules = [
      { time: '00:00', dimming: 0 },
      { time: '20:00', dimming: 100 },
    ];
    expect((await runCommand(cabinet, 'createCalendar', { rules, output: 1 }, NIGHT)).status).toBe('DONE');
    expect((await runCommand(cabinet, 'factoryReset', {}, NIGHT)).status).toBe('DONE');
    expect(cabinet.configuration).toEqual(factoryConfiguration(cabinet.spec));
    expect(cabinet.configuration.mobile).not.toHaveProperty('password');
    expect(cabinetLiveValues(cabinet, NIGHT).outputs?.every((out) => out.on && out.mode === 0)).toBe(true);
    expect(cabinetAlarmsDue(cabinet, NIGHT).at(-1)).toEqual({ type: 'maintenanceMode', active: false });
  });
});

describe('cabinet calendars', () => {
  it("refuses rules that do not start at 00:00 with spec §5's message", async () => {
    const cabinet = freshCabinet(NIGHT);
    const rules = [{ time: '18:00', dimming: 100 }];
    const answer = await runCommand(cabinet, 'createCalendar', { rules }, NIGHT);
    expect(answer).toMatchObject({ status: 'ERROR', error: { code: 'NOT_ACCEPTABLE' } });
    expect(answer.error?.message).toContain(FIXED_SCHEDULE_INVALID_MESSAGE);
  });

  it('holds at most 4 rules on a Vega cabinet and 6 on an Orion one', async () => {
    const rules = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ time: `0${i}:00`, dimming: 100 * (i % 2) }));
    const vega = freshCabinet(NIGHT, 'vega');
    expect((await runCommand(vega, 'createCalendar', { rules: rules(4) }, NIGHT)).status).toBe('DONE');
    expect(await runCommand(vega, 'createCalendar', { rules: rules(5) }, NIGHT)).toMatchObject({
      error: { code: 'NOT_ACCEPTABLE', message: 'This cabinet holds at most 4 rules' },
    });
    expect((await runCommand(freshCabinet(NIGHT), 'createCalendar', { rules: rules(6) }, NIGHT)).status).toBe('DONE');
  });

  it('sets the offsets of the whole cabinet in its configuration when no output is named', async () => {
    const cabinet = freshCabinet(NIGHT);
    const params = { sunriseOffsetMinutes: 15, sunsetOffsetMinutes: -20 };
    expect((await runCommand(cabinet, 'createAstroCalendar', params, NIGHT)).status).toBe('DONE');
    expect(cabinet.configuration.time).toMatchObject(params);
    expect(outputsOn(cabinet, sunsetAt(cabinet) - 20 * MINUTE)?.every(Boolean)).toBe(true);
  });
});

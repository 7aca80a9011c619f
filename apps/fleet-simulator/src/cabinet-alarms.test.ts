import { describe, expect, it } from 'vitest';
import { AlarmTypeSchema } from '@farola/protocol';
import { cabinetLiveValues } from './cabinet';
import {
  cabinetAlarmsDue,
  DEVICE_RESET_HOLD_MS,
  markCabinetReset,
  setCabinetCondition,
  setMaintenance,
} from './cabinet-alarms';
import { type AlarmEvent, CABINET_CONDITIONS } from './cabinet-conditions';
import type { Cabinet } from './device-state';
import { advanceCabinetAndFed, freshCabinet, freshFleet } from './testing/cabinets';

const NIGHT = Date.parse('2026-01-15T21:00:00Z');
const NOON = Date.parse('2026-01-15T11:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('cabinet alarm conditions', () => {
  it.each(CABINET_CONDITIONS)('raise %s when it starts and clear it when its time is up', (condition) => {
    const cabinet = freshCabinet(NIGHT);
    const type = condition === 'staleData' ? 'orion.staleData' : condition;
    setCabinetCondition(cabinet, condition, true, NIGHT, 10 * MINUTE);
    expect(cabinetAlarmsDue(cabinet, NIGHT)).toEqual([{ type, active: true }]);
    expect(cabinetAlarmsDue(cabinet, NIGHT + 10 * MINUTE - 1)).toEqual([]);
    expect(cabinetAlarmsDue(cabinet, NIGHT + 10 * MINUTE)).toEqual([{ type, active: false }]);
    expect(cabinetAlarmsDue(cabinet, NIGHT + 11 * MINUTE)).toEqual([]);
  });

  it('hold a condition set without a duration until it is cleared, raising it only once', () => {
    const cabinet = freshCabinet(NIGHT);
    setCabinetCondition(cabinet, 'cabinetDoorOpen', true, NIGHT);
    setCabinetCondition(cabinet, 'cabinetDoorOpen', true, NIGHT + MINUTE);
    expect(cabinetAlarmsDue(cabinet, NIGHT + 48 * HOUR)).toEqual([{ type: 'cabinetDoorOpen', active: true }]);
    setCabinetCondition(cabinet, 'cabinetDoorOpen', false, NIGHT + 49 * HOUR);
    setCabinetCondition(cabinet, 'cabinetDoorOpen', false, NIGHT + 50 * HOUR);
    expect(cabinetAlarmsDue(cabinet, NIGHT + 50 * HOUR)).toEqual([{ type: 'cabinetDoorOpen', active: false }]);
  });

  it('raise maintenanceMode while maintenance lasts, and report it in the configuration', () => {
    const cabinet = freshCabinet(NIGHT);
    setMaintenance(cabinet, true, NIGHT, 30 * MINUTE);
    expect(cabinetAlarmsDue(cabinet, NIGHT)).toEqual([{ type: 'maintenanceMode', active: true }]);
    expect(cabinetLiveValues(cabinet, NIGHT).configuration?.other.maintenanceMode).toBe(true);
    expect(cabinetAlarmsDue(cabinet, NIGHT + 30 * MINUTE)).toEqual([{ type: 'maintenanceMode', active: false }]);
    expect(cabinetLiveValues(cabinet, NIGHT + 30 * MINUTE).configuration?.other.maintenanceMode).toBe(false);
  });

  it('keep deviceReset raised for a few minutes after a restart', () => {
    const cabinet = freshCabinet(NIGHT);
    markCabinetReset(cabinet, NIGHT);
    expect(cabinetAlarmsDue(cabinet, NIGHT)).toEqual([{ type: 'deviceReset', active: true }]);
    expect(cabinetAlarmsDue(cabinet, NIGHT + DEVICE_RESET_HOLD_MS)).toEqual([{ type: 'deviceReset', active: false }]);
  });

  it('name the stale data alarm after the family, and give the ecometer to Orion only', () => {
    const vega = freshCabinet(NIGHT, 'vega');
    setCabinetCondition(vega, 'staleData', true, NIGHT);
    expect(cabinetAlarmsDue(vega, NIGHT)).toEqual([{ type: 'vega.staleData', active: true }]);
    expect(() => setCabinetCondition(vega, 'ecometerCommunicationFailure', true, NIGHT)).toThrow(/no ecometer/);
  });
});

describe('what a condition does to the measures', () => {
  it('leaves the main measures out while the ecometer is silent, and the per-output ones while the MR module is', () => {
    const cabinet = freshCabinet(NIGHT);
    advanceCabinetAndFed(cabinet, NIGHT + MINUTE);
    setCabinetCondition(cabinet, 'ecometerCommunicationFailure', true, NIGHT);
    const withoutMeter = cabinetLiveValues(cabinet, NIGHT + MINUTE);
    expect(withoutMeter).not.toHaveProperty('instantaneousActivePower');
    expect(withoutMeter).not.toHaveProperty('totalActiveEnergy');
    expect(withoutMeter.outputs?.[0]).toHaveProperty('activePower');
    setCabinetCondition(cabinet, 'ecometerCommunicationFailure', false, NIGHT + MINUTE);
    setCabinetCondition(cabinet, 'MRcommunicationFailure', true, NIGHT + MINUTE);
    const withoutModule = cabinetLiveValues(cabinet, NIGHT + MINUTE);
    expect(withoutModule.instantaneousActivePower).toBeGreaterThan(8);
    expect(withoutModule.outputs?.[0]).not.toHaveProperty('activePower');
  });

  it('repeats the same measures while its data is stale, and fresh ones after', () => {
    const cabinet = freshCabinet(NIGHT);
    advanceCabinetAndFed(cabinet, NIGHT + MINUTE);
    setCabinetCondition(cabinet, 'staleData', true, NIGHT + MINUTE, 30 * MINUTE);
    const frozen = cabinetLiveValues(cabinet, NIGHT + MINUTE);
    advanceCabinetAndFed(cabinet, NIGHT + 20 * MINUTE);
    expect(cabinetLiveValues(cabinet, NIGHT + 20 * MINUTE)).toEqual(frozen);
    advanceCabinetAndFed(cabinet, NIGHT + 40 * MINUTE);
    expect(cabinetLiveValues(cabinet, NIGHT + 40 * MINUTE).totalActiveEnergy).toBeGreaterThan(
      frozen.totalActiveEnergy!,
    );
  });

  it('switches the outputs on in daylight while a sensor detects, and reads a dropped AC input voltage', () => {
    const cabinet = freshCabinet(NOON);
    expect(cabinetLiveValues(cabinet, NOON).outputs?.some((out) => out.on)).toBe(false);
    setCabinetCondition(cabinet, 'sensorOutputOn', true, NOON);
    expect(cabinetLiveValues(cabinet, NOON).outputs?.every((out) => out.on && out.mode === 0)).toBe(true);
    const normal = cabinetLiveValues(cabinet, NOON).voltage ?? 0;
    setCabinetCondition(cabinet, 'controlGearCommFailure', true, NOON);
    expect(cabinetLiveValues(cabinet, NOON).voltage).toBeLessThan(normal * 0.85);
  });
});

describe('random cabinet events', () => {
  const cabinets = () => freshFleet(NIGHT).filter((device): device is Cabinet => device.kind === 'cabinet');

  function simulate(rateScale: number, hours: number): AlarmEvent[] {
    const events: AlarmEvent[] = [];
    for (const cabinet of cabinets()) {
      for (let t = NIGHT; t <= NIGHT + hours * HOUR; t += 10 * MINUTE)
        events.push(...cabinetAlarmsDue(cabinet, t, rateScale));
    }
    return events;
  }

  it('happen rarely at the usual rate, never at rate 0, and always clear again', () => {
    expect(simulate(0, 200)).toEqual([]);
    const events = simulate(20, 200);
    const doors = events.filter((event) => event.type === 'cabinetDoorOpen' && event.active).length;
    // 0.02 openings per hour, × 20, over 200 hours, for each cabinet of the fleet.
    const expected = 0.02 * 20 * 200 * cabinets().length;
    expect(doors).toBeGreaterThan(expected * 0.6);
    expect(doors).toBeLessThan(expected * 1.2);
    for (const type of new Set(events.map((event) => event.type))) {
      expect(AlarmTypeSchema.options).toContain(type);
      const raised = events.filter((event) => event.type === type && event.active).length;
      const cleared = events.filter((event) => event.type === type && !event.active).length;
      expect(raised - cleared).toBeGreaterThanOrEqual(0);
      expect(raised - cleared).toBeLessThanOrEqual(cabinets().length);
    }
    expect(new Set(events.map((event) => event.type)).size).toBeGreaterThanOrEqual(6);
  });

  it('are the same for the same seed', () => {
    expect(simulate(20, 50)).toEqual(simulate(20, 50));
  });
});

import { describe, expect, it } from 'vitest';
import {
  type AttributeValues,
  AttributeValuesSchema,
  ScheduleSchema,
  UpAttributesMessageSchema,
} from '@farola/protocol';
import { switchCabinet } from './cabinet';
import { prepareSchedule } from '@farola/protocol/schedule-engine';
import { SimClock } from './clock';
import type { Cabinet, LightPoint, SimDevice } from './device-state';
import { bindDevice, type FleetDevice, report } from './fleet-device';
import { blankLampState, evaluateLampState } from './light-point';
import type { MqttLink } from './link';
import { sunOf } from './metering';
import { freshCabinet, freshFleet } from './testing/cabinets';
import { reportTransition, TransitionWatcher } from './transition-watcher';

const TICK_MS = 100;

/** One attribute report a device sent: the simulated moment it went out and what it said. */
interface Sent {
  serial: string;
  at: number;
  values: AttributeValues;
}

/**
 * Devices on links that record what they publish, a clock whose wall time the test moves, and the
 * watcher as the runtime runs it (a tenth of the fleet per 100 ms tick, cabinets with their light
 * points). Every device has sent its first report.
 */
function watchedFleet(devices: readonly SimDevice[], startMs: number, speed = 1) {
  let realNow = 0;
  const clock = new SimClock(speed, () => realNow, startMs);
  const sent: Sent[] = [];
  const link = {
    connected: true,
    publish: (topic: string, message: object) => {
      if (!topic.endsWith('/up/attributes')) return;
      const { values } = UpAttributesMessageSchema.parse(message);
      sent.push({ serial: topic.split('/')[3]!, at: clock.now(), values: AttributeValuesSchema.parse(values) });
    },
  } as unknown as MqttLink;
  const entries: FleetDevice[] = devices.map((device) => ({ ...bindDevice(device, link), online: true }));
  const entryOf = new Map(entries.map((entry) => [entry.device, entry]));
  // Light points first, as a cabinet's power is the sum of theirs.
  for (const entry of [...entries].sort(
    (a, b) => Number(a.device.kind === 'cabinet') - Number(b.device.kind === 'cabinet'),
  )) {
    report(entry, clock, true);
  }
  sent.length = 0;
  const watcher = new TransitionWatcher(entries, (entry) => reportTransition(entry, clock, (d) => entryOf.get(d)), 10);
  return {
    sent,
    entries,
    watcher,
    clock,
    /** Runs the watcher tick by tick for `ms` of wall time, calling `onTick` with the simulated time before each tick. */
    run(ms: number, onTick: (nowMs: number) => void = () => undefined) {
      for (let elapsed = 0; elapsed < ms; elapsed += TICK_MS) {
        realNow += TICK_MS;
        onTick(clock.now());
        watcher.tick(clock.now());
      }
    },
  };
}

const lamp = blankLampState();
const poweredOnAt = (lightPoint: LightPoint, nowMs: number) => {
  evaluateLampState(lightPoint, nowMs, lamp);
  return lamp.mains && lamp.relayClosed;
};

describe('the transition watcher', () => {
  it('reports each light point that switches on at sunset once, within a second of its switch', () => {
    const devices = freshFleet(Date.parse('2026-01-15T12:00:00Z'));
    const lightPoints = devices.filter((d): d is LightPoint => d.kind === 'light-point');
    const sunset = sunOf(lightPoints[0]!, Date.parse('2026-01-15T12:00:00Z')).sunset;
    const fleet = watchedFleet(devices, sunset - 30_000);
    const switchedAt = new Map<string, number>();
    fleet.run(60_000, (nowMs) => {
      for (const lightPoint of lightPoints) {
        if (!switchedAt.has(lightPoint.spec.serialNumber) && poweredOnAt(lightPoint, nowMs)) {
          switchedAt.set(lightPoint.spec.serialNumber, nowMs);
        }
      }
    });
    // Those lit by day (full-light modes) were on from the start; the curve ones switch at dusk.
    const atDusk = [...switchedAt].filter(([, at]) => at > sunset - 30_000 + TICK_MS);
    expect(atDusk.length).toBeGreaterThan(lightPoints.length / 2);
    for (const [serial, at] of atDusk) {
      expect(fleet.entries.find((entry) => entry.device.spec.serialNumber === serial)!.switchOnReports).toBe(1);
      const reports = fleet.sent.filter((sent) => sent.serial === serial);
      expect(reports, serial).toHaveLength(1);
      expect(reports[0]!.values.poweredOn).toBe(true);
      expect(reports[0]!.at - at).toBeGreaterThanOrEqual(0);
      expect(reports[0]!.at - at).toBeLessThanOrEqual(1000);
    }
    // Nothing else: light points that did not switch stay silent.
    const lightPointReports = fleet.sent.filter((sent) =>
      lightPoints.some((lp) => lp.spec.serialNumber === sent.serial),
    );
    expect(lightPointReports).toHaveLength(atDusk.length);
  });

  it('sends nothing while no device changes state', () => {
    // 22:30 in Barcelona in January: night, the curve holds 100 % until 23:00, every output on.
    const start = Date.parse('2026-01-15T21:30:00Z');
    const fleet = watchedFleet(freshFleet(start), start);
    fleet.run(30_000);
    expect(fleet.sent).toEqual([]);
    expect(fleet.watcher.changes).toBe(0);
  });

  it('reports a cabinet whose output switches off, with the light points that go dark with it', () => {
    const start = Date.parse('2026-01-15T21:30:00Z');
    const cabinet: Cabinet = freshCabinet(start);
    const fleet = watchedFleet([cabinet, ...cabinet.lightPoints], start);
    fleet.run(2000);
    // A manual switch set on the device itself (no command runs, so nothing else reports it).
    const switchedAt = fleet.clock.now();
    switchCabinet(cabinet, false, switchedAt, 1);
    fleet.run(1000);
    const cabinetReports = fleet.sent.filter((sent) => sent.serial === cabinet.spec.serialNumber);
    expect(cabinetReports).toHaveLength(1);
    expect(cabinetReports[0]!.values.outputs?.find((output) => output.index === 1)).toMatchObject({
      on: false,
      mode: 2,
    });
    expect(cabinetReports[0]!.at - switchedAt).toBeLessThanOrEqual(1000);
    // Its light points on output 1 switched by the cabinet (006) go dark; the uninterruptible ones (005) stay lit.
    const darkened = cabinet.lightPoints.filter((lp) => lp.spec.output === 1 && lp.operateMode === '006');
    const reported = fleet.sent.filter((sent) => sent.serial !== cabinet.spec.serialNumber);
    expect(darkened.length).toBeGreaterThan(0);
    expect(reported.map((sent) => sent.serial).sort()).toEqual(darkened.map((lp) => lp.spec.serialNumber).sort());
    expect(reported.every((sent) => sent.values.poweredOn === false)).toBe(true);
    // The light points report before their cabinet, whose output power already counts them dark.
    expect(fleet.sent.at(-1)!.serial).toBe(cabinet.spec.serialNumber);
    fleet.run(5000);
    expect(fleet.sent).toHaveLength(reported.length + 1);
  });

  it('reports a calendar fade at every ten points and where it ends, not at every percent', () => {
    // 22:55 in Barcelona; the program fades from 100 % to 75 % over 25 minutes from 23:00.
    const start = Date.parse('2026-01-15T21:55:00Z');
    const lightPoint = freshFleet(start).find(
      (d): d is LightPoint => d.kind === 'light-point' && d.operateMode === '005',
    )!;
    const programId = '5b0e3f47-3b9b-4a53-a6a5-6b8f2a1c9d10';
    lightPoint.schedule = prepareSchedule(
      ScheduleSchema.parse({
        calendar: {
          id: 'c8a4f0d2-0d7e-4b61-9f53-2f4e8a7b1c55',
          name: 'Fade',
          astronomical: false,
          rules: [{ repetition: 'daily', startDate: '2026-01-01', programId }],
        },
        programs: [
          {
            id: programId,
            name: 'Fade to 75',
            intervals: [
              { start: '20:00', dimming: 100, fadingMinutes: 0 },
              { start: '23:00', dimming: 75, fadingMinutes: 25 },
              { start: '07:00', dimming: 0, fadingMinutes: 0 },
            ],
          },
        ],
      }),
    );
    // A simulated minute per real second: the watcher looks at the light point once a minute.
    const fleet = watchedFleet([lightPoint], start, 60);
    fleet.run(40_000);
    expect(fleet.sent.map((sent) => sent.values.dimming)).toEqual([90, 80, 75]);
  });
});

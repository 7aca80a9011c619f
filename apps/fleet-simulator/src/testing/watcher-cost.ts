/**
 * What the transition watcher costs: `npx tsx apps/fleet-simulator/src/testing/watcher-cost.ts [devices]`
 * builds a fleet (105,000 devices by default: 100,000 light points, 5,000 cabinets), lets every
 * device report once, then times the watcher's look at each device by night, by day and in the
 * minute around sunset, and the change reports at sunset (values built and serialised as the link
 * would send them, without the socket). Prints microseconds per device and the share of one core
 * that looking at the whole fleet once a second takes.
 */
import { SimClock } from '../clock';
import { DEFAULT_FLEET_OPTIONS } from '../fleet-options';
import { bindDevice, createDevices, type FleetDevice, report } from '../fleet-device';
import { buildFleetLayout } from '../layout';
import type { MqttLink } from '../link';
import { sunOf } from '../metering';
import { changedSinceReport } from '../switching-state';
import { reportTransition } from '../transition-watcher';

const devices = Number(process.argv[2] ?? 105_000);
const NIGHT = Date.parse('2026-01-15T21:30:00Z');

let bytes = 0;
let messages = 0;
const link = {
  connected: true,
  publish: (_topic: string, message: object) => {
    bytes += JSON.stringify(message).length;
    messages += 1;
  },
} as unknown as MqttLink;

const builtAt = performance.now();
const fleet = createDevices(buildFleetLayout({ ...DEFAULT_FLEET_OPTIONS, devices }), NIGHT, 'cost');
console.log(
  `built ${fleet.length} devices in ${((performance.now() - builtAt) / 1000).toFixed(1)} s; RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`,
);

function entriesAt(nowMs: number): { entries: FleetDevice[]; clock: SimClock } {
  const clock = new SimClock(1, Date.now, nowMs);
  const entries = fleet.map((device): FleetDevice => ({ ...bindDevice(device, link), online: true }));
  for (const entry of entries) report(entry, clock, true);
  return { entries, clock };
}

/** Microseconds per device for one look at every device, best of `rounds`. */
function lookCost(entries: readonly FleetDevice[], nowMs: number, rounds = 5): { us: number; changed: number } {
  let best = Number.POSITIVE_INFINITY;
  let changed = 0;
  for (let round = 0; round < rounds; round += 1) {
    changed = 0;
    const started = performance.now();
    for (const entry of entries) if (changedSinceReport(entry, nowMs + round * 1000)) changed += 1;
    best = Math.min(best, performance.now() - started);
  }
  return { us: (best * 1000) / entries.length, changed };
}

const row = (name: string, us: number, extra = '') =>
  console.log(
    `${name.padEnd(34)} ${us.toFixed(2).padStart(6)} µs/device  ${((us * entries.length) / 10_000).toFixed(1).padStart(5)} % of a core at one look per device per second  ${extra}`,
  );

const { entries } = entriesAt(NIGHT);
row('night, nothing changes', lookCost(entries, NIGHT + 60_000).us);

const sunset = sunOf(
  fleet.find((device) => device.kind === 'light-point')!,
  NIGHT,
).sunset;
const day = entriesAt(sunset - 3_600_000);
row('day, nothing changes', lookCost(day.entries, sunset - 3_600_000 + 60_000).us);

const dusk = entriesAt(sunset - 60_000);
const lookAtDusk = lookCost(dusk.entries, sunset + 30_000, 1);
row('dusk, looking', lookAtDusk.us, `(${lookAtDusk.changed} changed)`);

bytes = 0;
messages = 0;
const entryOf = new Map(dusk.entries.map((entry) => [entry.device, entry]));
dusk.clock.set(sunset + 60_000);
const started = performance.now();
for (const entry of dusk.entries) {
  if (changedSinceReport(entry, dusk.clock.now())) reportTransition(entry, dusk.clock, (device) => entryOf.get(device));
}
const ms = performance.now() - started;
console.log(
  `${'dusk, reporting'.padEnd(34)} ${((ms * 1000) / Math.max(1, messages)).toFixed(2).padStart(6)} µs per change report (${messages} reports, ${(bytes / 1024 / 1024).toFixed(1)} MiB of JSON, ${ms.toFixed(0)} ms in all)`,
);

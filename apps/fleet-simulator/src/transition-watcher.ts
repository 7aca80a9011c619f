import type { SimClock } from './clock';
import { advanceDevice } from './device';
import type { SimDevice } from './device-state';
import { type FleetDevice, publishChanges } from './fleet-device';
import { changedSinceReport } from './switching-state';

/**
 * State-change reporting. A field device reports a change of its switching state when it happens,
 * not on its next periodic report: a light point that switches on or off (sunset, sunrise, its
 * cabinet output, a calendar, a cycling lamp) or whose dimming moves to a new step, and a cabinet
 * whose output switches. The runtime looks at every device about once per real second, a tenth of
 * the fleet per 100 ms tick, and compares what the device would report now with what it reported
 * last (switching-state.ts).
 */

/** Every device is looked at once per round of this many real milliseconds. */
export const WATCH_ROUND_MS = 1000;

/**
 * Looks at a share of the fleet on every tick, so that each device is looked at once per round,
 * and hands the devices whose state changed to `publish`, which reports them.
 */
export class TransitionWatcher {
  /** Changes found and handed to `publish` since the start. */
  changes = 0;
  private cursor = 0;

  constructor(
    private readonly entries: readonly FleetDevice[],
    private readonly publish: (entry: FleetDevice) => void,
    private readonly ticksPerRound = 10,
  ) {}

  /** Looks at the next share of the fleet at `nowMs`, a moment of simulated time. */
  tick(nowMs: number): void {
    const { entries } = this;
    const end = Math.min(entries.length, this.cursor + Math.ceil(entries.length / this.ticksPerRound));
    for (let index = this.cursor; index < end; index += 1) {
      const entry = entries[index]!;
      // A device reports nothing before its first report (sent when it connects) nor while away.
      if (!entry.online || entry.reports === 0 || !entry.link.connected) continue;
      if (changedSinceReport(entry, nowMs)) {
        this.changes += 1;
        this.publish(entry);
      }
    }
    this.cursor = end >= entries.length ? 0 : end;
  }
}

/**
 * Reports a change of state the watcher found. A cabinet's output feeds light points whose state
 * changes with it: those report first (the cabinet's power is the sum of theirs), the others are
 * brought up to date without a report.
 */
export function reportTransition(
  entry: FleetDevice,
  clock: SimClock,
  entryOf: (device: SimDevice) => FleetDevice | undefined,
): void {
  const { device } = entry;
  if (device.kind === 'cabinet') {
    const now = clock.now();
    for (const lightPoint of device.lightPoints) {
      const fed = entryOf(lightPoint);
      if (fed?.online && fed.reports > 0 && changedSinceReport(fed, now)) publishChanges(fed, clock);
      else advanceDevice(lightPoint, now);
    }
  }
  publishChanges(entry, clock);
}

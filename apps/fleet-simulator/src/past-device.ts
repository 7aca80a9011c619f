import { CONFIGURED_ASTRO } from './cabinet-schedule';
import type { StoredSchedule } from '@farola/protocol/schedule-engine';
import type { Cabinet, CabinetOutput, LightPoint } from './device-state';
import type { Track } from './journal-tracks';
import { blankLampState } from './light-point';

/**
 * Devices as they stood at a past moment, for their logged data: a copy of the live device whose
 * settings and passing states are, at each moment asked for, what its journal says they were then.
 * The live physics runs on these copies unchanged. A copy is rebuilt only when the moment leaves
 * the span in which nothing in the journal changes.
 */

/** The span around the moment last asked for in which a past copy's settings do not change. */
interface Epoch {
  from: number;
  until: number;
}

const emptyEpoch = (): Epoch => ({ from: Number.POSITIVE_INFINITY, until: Number.NEGATIVE_INFINITY });
const wholeTime = (): Epoch => ({ from: Number.NEGATIVE_INFINITY, until: Number.POSITIVE_INFINITY });

function holding<T>(track: Track<T>, t: number, epoch: Epoch): T | undefined {
  track.bounds(t, epoch);
  return track.spanAt(t)?.value;
}

/** Its end time as a cabinet's maps keep it: null for 'until cleared'. */
function untilOf(track: Track<true>, t: number, epoch: Epoch): number | null | undefined {
  track.bounds(t, epoch);
  const span = track.spanAt(t);
  if (!span) return undefined;
  return Number.isFinite(span.until) ? span.until : null;
}

/** A cabinet as it stood at a past moment: a copy of the live one with its journal's state of then. */
export class PastCabinet {
  readonly view: Cabinet;
  private epoch = emptyEpoch();

  constructor(private readonly live: Cabinet) {
    this.view = {
      ...live,
      lightPoints: [],
      outputs: live.outputs.map((output): CabinetOutput => ({ ...output, override: null })),
      conditions: {
        active: new Map(),
        trippedBreakers: new Map(),
        maintenanceUntil: null,
        pending: [],
        drawnUntilMs: 0,
      },
      staleValues: null,
    };
    delete this.view.sun;
  }

  get stableUntil(): number {
    return this.epoch.until;
  }

  at(t: number): Cabinet {
    if (t < this.epoch.from || t >= this.epoch.until) this.rebuild(t);
    return this.view;
  }

  private rebuild(t: number): void {
    const { journal } = this.live;
    const { view } = this;
    const epoch = wholeTime();
    const { active, trippedBreakers } = view.conditions;
    trippedBreakers.clear();
    view.outputs.forEach((output, i) => {
      output.schedule = holding(journal.schedules[i]!, t, epoch) ?? CONFIGURED_ASTRO;
      const on = journal.overrides[i]!.spanAt(t);
      journal.overrides[i]!.bounds(t, epoch);
      output.override = on ? { on: on.value, until: on.until } : null;
      const tripped = untilOf(journal.breakers[i]!, t, epoch);
      if (tripped !== undefined) trippedBreakers.set(output.index, tripped);
    });
    const configuration = holding(journal.configuration, t, epoch) ?? this.live.configuration;
    const maintenance = untilOf(journal.maintenance, t, epoch) !== undefined;
    view.configuration =
      configuration.other.maintenanceMode === maintenance
        ? configuration
        : { ...configuration, other: { ...configuration.other, maintenanceMode: maintenance } };
    active.clear();
    const battery = untilOf(journal.battery, t, epoch);
    if (battery !== undefined) active.set('batteryMode', battery);
    const sensor = untilOf(journal.sensor, t, epoch);
    if (sensor !== undefined) active.set('sensorOutputOn', sensor);
    // The configuration may place the sun elsewhere.
    delete view.sun;
    this.epoch = epoch;
  }
}

/** A light point as it stood at a past moment, fed by its cabinet as it stood then. */
export class PastLightPoint {
  readonly view: LightPoint;
  private epoch = emptyEpoch();
  private calendars = new Map<StoredSchedule, StoredSchedule>();

  constructor(
    private readonly live: LightPoint,
    private readonly cabinet: PastCabinet | null,
  ) {
    this.view = {
      ...live,
      cabinet: cabinet?.view ?? null,
      transientLevel: null,
      override: null,
      schedule: null,
      faults: { ...live.faults, active: new Map() },
      held: blankLampState(),
    };
    delete this.view.sun;
  }

  /** Until when nothing the journals hold changes, from the moment last asked for. */
  get stableUntil(): number {
    return Math.min(this.epoch.until, this.cabinet?.stableUntil ?? Number.POSITIVE_INFINITY);
  }

  at(t: number): LightPoint {
    this.cabinet?.at(t);
    if (t < this.epoch.from || t >= this.epoch.until) this.rebuild(t);
    return this.view;
  }

  /** A calendar copy of its own, so that resolving past nights leaves the live device's cache alone. */
  private calendar(schedule: StoredSchedule | null): StoredSchedule | null {
    if (!schedule) return null;
    let copy = this.calendars.get(schedule);
    if (!copy) this.calendars.set(schedule, (copy = { ...schedule, resolved: null, resolutions: 0 }));
    return copy;
  }

  private rebuild(t: number): void {
    const { journal, spec } = this.live;
    const { view } = this;
    const epoch = wholeTime();
    view.faults.active.clear();
    // Untouched since installation: as it was installed.
    view.operateMode = journal ? (holding(journal.operateMode, t, epoch) ?? spec.operateMode) : spec.operateMode;
    view.schedule = journal ? this.calendar(holding(journal.schedule, t, epoch) ?? null) : null;
    const manual = journal?.override.spanAt(t);
    journal?.override.bounds(t, epoch);
    view.override = manual ? { on: manual.value, until: manual.until } : null;
    for (const [fault, track] of journal?.faults ?? []) {
      const active = holding(track, t, epoch);
      if (active) view.faults.active.set(fault, active);
    }
    this.epoch = epoch;
  }
}

import type { CabinetConfiguration, OperateMode } from '@farola/protocol';
import type { OutputSchedule } from './cabinet-schedule';
import type { StoredSchedule } from '@farola/protocol/schedule-engine';
import type { ActiveFault, LightFault } from './light-faults';
import type { ManualOverride } from './metering';

/*
 * What a device's journal holds (device-journal.ts keeps it, logged-data.ts reads it): tracks of
 * spans, one per setting or passing state.
 */

/** A value that held from `from` until `until` (exclusive; Infinity while it still holds). */
export interface Span<T> {
  from: number;
  until: number;
  value: T;
}

/** Spans older than this before the newest are forgotten: the device keeps 12 months of records. */
const KEPT_MS = 400 * 86_400_000;
/** At most this many spans per track: the oldest go first. */
const MAX_SPANS = 2000;

/**
 * One thing that changes over time, as spans in time order that never overlap. A setting's track
 * always has a value (its first span starts at -Infinity); a passing state's track has gaps.
 */
export class Track<T> {
  readonly spans: Span<T>[] = [];

  constructor(initial?: { value: T }) {
    if (initial) this.spans.push({ from: Number.NEGATIVE_INFINITY, until: Number.POSITIVE_INFINITY, ...initial });
  }

  /** The span holding at `t`, if any. The newest span wins should a clock set back have made two overlap. */
  spanAt(t: number): Span<T> | undefined {
    for (let i = this.spans.length - 1; i >= 0; i -= 1) {
      const span = this.spans[i]!;
      if (span.from <= t) return t < span.until ? span : undefined;
    }
    return undefined;
  }

  /** Ends the last span at `t`, unless it ended before. */
  end(t: number): void {
    const last = this.spans.at(-1);
    if (last && last.until > t) last.until = Math.max(last.from, t);
  }

  /** A new span from `from`; the one before ends there. */
  start(from: number, value: T, until = Number.POSITIVE_INFINITY): void {
    this.end(from);
    this.spans.push({ from, until, value });
    const cutoff = from - KEPT_MS;
    while (this.spans.length > MAX_SPANS || (this.spans.length > 1 && this.spans[0]!.until < cutoff)) {
      this.spans.shift();
    }
  }

  /** The latest change at or before `t` and the first after it: between them nothing on this track changes. */
  bounds(t: number, into: { from: number; until: number }): void {
    for (const span of this.spans) {
      for (const edge of [span.from, span.until]) {
        if (edge <= t) into.from = Math.max(into.from, edge);
        else into.until = Math.min(into.until, edge);
      }
    }
  }
}

/** A light point's journal, created at its first change from the state it was installed in. */
export interface LightPointJournal {
  operateMode: Track<OperateMode>;
  schedule: Track<StoredSchedule | null>;
  /** While a manual switch holds: switched on (true) or off. */
  override: Track<boolean>;
  faults: Map<LightFault, Track<ActiveFault>>;
  /** What the device held when last looked at, to tell a change. */
  seen: { operateMode: OperateMode; schedule: StoredSchedule | null; override: ManualOverride | null };
  seenFaults: Map<LightFault, ActiveFault>;
}

/** A cabinet's journal, from the moment it is created. Per output, indexed like `cabinet.outputs`. */
export interface CabinetJournal {
  schedules: Track<OutputSchedule>[];
  overrides: Track<boolean>[];
  breakers: Track<true>[];
  configuration: Track<CabinetConfiguration>;
  maintenance: Track<true>;
  battery: Track<true>;
  sensor: Track<true>;
  seen: {
    schedules: OutputSchedule[];
    overrides: (ManualOverride | null)[];
    breakers: (number | null | undefined)[];
    configuration: CabinetConfiguration;
    maintenance: number | null | undefined;
    battery: number | null | undefined;
    sensor: number | null | undefined;
  };
}

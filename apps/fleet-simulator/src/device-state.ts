import type { AttributeValues, CabinetConfiguration, OperateMode } from '@farola/protocol';
import type { Mounting } from './accelerometer';
import type { CabinetConditions } from './cabinet-conditions';
import type { OutputSchedule } from './cabinet-schedule';
import type { StoredSchedule } from '@farola/protocol/schedule-engine';
import type { CellularState } from './cellular';
import type { GpsState } from './gps';
import type { CabinetJournal, LightPointJournal } from './journal-tracks';
import type { FaultState } from './light-faults';
import type { LuminaireType } from './luminaires';
import type { ManualOverride, MeteredState } from './metering';

/*
 * What a simulated device holds: a light point's and a cabinet controller's live state. Their
 * behaviour is in light-point.ts and cabinet.ts (and the files those call), which change it.
 */

/**
 * What the light point measured at its last advance, held until the next: whether it has mains,
 * the relay's state, the commanded level (`dimming`) and the light it really gives (`outputLevel`).
 */
export interface LampState {
  mains: boolean;
  relayClosed: boolean;
  dimming: number;
  outputLevel: number;
  lit: boolean;
  /** What the node believes it draws, from its luminaire's rated curve and the level it commands. */
  estimatedW: number;
  /** The commanded level is mid-fade (a calendar program's): on its way to a step, not at one. */
  fading: boolean;
}

/** A light point's live state. Energy is integrated lazily: `advance` before every read or change. */
export interface LightPoint extends MeteredState {
  kind: 'light-point';
  cabinet: Cabinet | null;
  luminaire: LuminaireType;
  /** The operate mode in force; `spec.operateMode` is only the one it was installed with. */
  operateMode: OperateMode;
  /** switchOn/switchOff: manual mode, held for 6 hours; the operate mode stays. */
  override: ManualOverride | null;
  /** Blink or dimming check in progress: forces this level. */
  transientLevel: number | null;
  /** This luminaire's real power against its rating (manufacturing tolerance and ageing). */
  powerTolerance: number;
  /** The mains voltage its feeder settles around, and the slow wander about it. */
  feederVoltage: number;
  voltageWander: number;
  held: LampState;
  /** `estimatedTotalActiveEnergy`: the node's estimate, kWh, on the same base as the meter. */
  estimatedKWh: number;
  /** `estimatedCumulativePower`: the luminaire's estimated consumption since its installation, Wh. */
  luminaireWh: number;
  /** `estimatedOperatingHours`: hours the node had the luminaire switched on. */
  switchedOnHours: number;
  /** Since when it is switched on (for `estimatedOperatingMinutes`); null while off. */
  switchedOnSinceMs: number | null;
  gps: GpsState;
  cellular: CellularState;
  mounting: Mounting;
  faults: FaultState;
  /** setSchedule: a calendar and its control programs, run instead of the night curve. */
  schedule: StoredSchedule | null;
  /** Its changes since installation, for its logged data; null until it first changes (`device-journal.ts`). */
  journal: LightPointJournal | null;
}

/** One output of a cabinet: how it is scheduled, a manual switch in force, and the metering of its circuit. */
export interface CabinetOutput {
  index: number;
  schedule: OutputSchedule;
  /** switchOn/switchOff: manual mode (2) for 6 hours, or until restoreCalendar. */
  override: ManualOverride | null;
  /** The power of the light points on this output, in W, held until the next advance. */
  powerW: number;
  /** The energy drawn through this output, in kWh. */
  energyKWh: number;
}

/** A cabinet controller's live state; its power is the sum of the light points it feeds plus its own. */
export interface Cabinet extends MeteredState {
  kind: 'cabinet';
  lightPoints: LightPoint[];
  outputs: CabinetOutput[];
  configuration: CabinetConfiguration;
  /** A parameter changed since the last report: the next one carries the configuration. */
  configurationChanged: boolean;
  conditions: CabinetConditions;
  /** The controller's own consumption, in kWh: the total is this plus every output's energy. */
  selfEnergyKWh: number;
  /** The measures a `staleData` condition keeps repeating. */
  staleValues: AttributeValues | null;
  /** Its changes since it was created, for its logged data (`device-journal.ts`). */
  journal: CabinetJournal;
}

/** Either kind of simulated device; `kind` tells them apart. */
export type SimDevice = LightPoint | Cabinet;

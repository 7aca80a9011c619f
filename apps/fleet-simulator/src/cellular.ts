import type { Vendor } from '@farola/protocol';
import type { DeviceSpec } from './device-spec';
import type { Random } from './random';

const DAY_MS = 86_400_000;
/** Idle-mode reselection between the serving cell and its strongest neighbour, about twice a week. */
const MEAN_RESELECTION_MS = 3.5 * DAY_MS;
/** Each family ships with another operator's SIM (mobile country 214, Spain). */
const PLMN: Record<Vendor, string> = { orion: '214-01', vega: '214-07' };
/** Base stations stand on a grid of about 600 m; each has three 120° sectors. */
const SITE_GRID_DEGREES = 0.0055;

/**
 * A light point's cellular modem: its serving cell, when it attached to the network, when its
 * current session started, and how many registration updates it has sent.
 */
export interface CellularState {
  cellId: string;
  /** The neighbour it reselects now and then (and back). */
  neighbourCellId: string;
  /** `networkConnectionTime` and `connectionTime`, formatted once when they change. */
  networkConnectionIso: string;
  connectionIso: string;
  registrationUpdates: number;
  nextReselectionMs: number;
}

/** LTE cell identity: PLMN, then the 28-bit E-UTRAN cell id (site × 256 + sector) in hex. */
function cellIdOf(vendor: Vendor, siteX: number, siteY: number, sector: number): string {
  const site = (((siteX & 0x3ff) << 10) | (siteY & 0x3ff)) >>> 0;
  return `${PLMN[vendor]}-${(site * 256 + sector).toString(16).toUpperCase().padStart(7, '0')}`;
}

const exponential = (random: Random, meanMs: number) => -Math.log(1 - random.next()) * meanMs;

export function createCellular(spec: DeviceSpec, random: Random, nowMs: number): CellularState {
  const siteX = Math.round(spec.longitude / SITE_GRID_DEGREES);
  const siteY = Math.round(spec.latitude / SITE_GRID_DEGREES);
  const sector = random.int(1, 3);
  const iso = new Date(nowMs).toISOString();
  return {
    cellId: cellIdOf(spec.vendor, siteX, siteY, sector),
    neighbourCellId: cellIdOf(spec.vendor, siteX + random.pick([-1, 1]), siteY, random.int(1, 3)),
    networkConnectionIso: iso,
    connectionIso: iso,
    registrationUpdates: random.int(1, 40),
    nextReselectionMs: nowMs + exponential(random, MEAN_RESELECTION_MS),
  };
}

/** Reselections up to `nowMs`; each one is a tracking-area update, counted by `registrationUpdateTrigger`. */
export function advanceCellular(cellular: CellularState, random: Random, nowMs: number): void {
  while (nowMs >= cellular.nextReselectionMs) {
    [cellular.cellId, cellular.neighbourCellId] = [cellular.neighbourCellId, cellular.cellId];
    cellular.registrationUpdates += 1;
    cellular.nextReselectionMs += exponential(random, MEAN_RESELECTION_MS);
  }
}

/**
 * For the runtime: the light point's (MQTT) session started at `nowMs`, after the modem attached to
 * the network anew when `networkReattach` (a power-up or reboot) — else the attach is the old one.
 * Either way the device registers again, which counts in `registrationUpdateTrigger`.
 *
 * @example
 * markConnected(lightPoint, clock.now(), afterReboot);
 */
export function markConnected(lightPoint: { cellular: CellularState }, nowMs: number, networkReattach = false): void {
  const { cellular } = lightPoint;
  cellular.connectionIso = new Date(nowMs).toISOString();
  if (networkReattach) cellular.networkConnectionIso = cellular.connectionIso;
  cellular.registrationUpdates += 1;
}

import {
  type AttributeValues,
  DeviceStatusSchema,
  DeviceTypeSchema,
  FLEET_FLAG,
  type FleetColumnsQuery,
  type FleetMembersColumns,
  type FleetStateColumns,
  type FleetDevice,
  type FleetListQuery,
  type FleetState,
  VendorSchema,
} from '@farola/protocol';
import type { DeviceIndex } from './device-index';
import type { DeviceIndexEntry } from './device.repository';
import { ALL_PROJECTS, inProjectScope, type ProjectScope } from '../../db/rows';

/**
 * The switched state a report tells: a light point's `poweredOn`, or, for a cabinet controller
 * that reports only its outputs, whether any output is on. Undefined when the report says neither.
 * The console draws a device as lit from the same `poweredOn` the simulator and real devices send.
 */
export function reportedSwitchedOn(values: AttributeValues): boolean | undefined {
  if (values.poweredOn !== undefined) return values.poweredOn;
  if (values.outputs !== undefined) return values.outputs.some((output) => output.on);
  return undefined;
}

/** The devices a fleet read covers, in order, and their identity columns, at a membership version. */
export interface FleetMembers {
  /** DeviceIndex.membershipVersion when they were read: the same devices while it stays. */
  version: number;
  entries: readonly DeviceIndexEntry[];
  columns: FleetMembersColumns;
}

/**
 * Every device's compact state (connected, switched on, alarm, lifecycle status), kept in the
 * device index's entries so that it costs no second copy of the fleet, and read from memory by
 * `GET /fleet`.
 */
export class CompactFleet {
  constructor(private readonly index: DeviceIndex) {}

  state(entry: DeviceIndexEntry): FleetState {
    return {
      deviceId: entry.id,
      projectId: entry.projectId,
      connected: entry.connection?.connected ?? false,
      on: entry.switchedOn,
      // Alarms are not evaluated yet: no device has an active one.
      alarm: false,
      status: entry.status,
    };
  }

  /**
   * Takes in what an attribute report changes of the compact state and the location; a report
   * older than the last one applied changes nothing. Returns whether the compact state changed.
   */
  attributesReported(entry: DeviceIndexEntry, values: AttributeValues, ts: string): boolean {
    if (entry.attributesAt !== null && ts < entry.attributesAt) return false;
    entry.attributesAt = ts;
    if (values.latitude !== undefined) entry.latitude = values.latitude;
    if (values.longitude !== undefined) entry.longitude = values.longitude;
    if (values.remoteManagementEnabled !== undefined) entry.remoteManagementDisabled = !values.remoteManagementEnabled;
    const on = reportedSwitchedOn(values);
    if (on === undefined || on === entry.switchedOn) return false;
    entry.switchedOn = on;
    return true;
  }

  /** The devices in `scope` matching the query, from memory. */
  list(query: FleetListQuery, scope: ProjectScope): FleetDevice[] {
    const q = query.q?.toLowerCase();
    const wanted = (entry: DeviceIndexEntry) =>
      inProjectScope(scope, entry.projectId) &&
      (query.projectId === undefined || entry.projectId === query.projectId) &&
      (!q || entry.serialNumber.toLowerCase().includes(q) || entry.name.toLowerCase().includes(q));
    const items: FleetDevice[] = [];
    for (const entry of this.candidates(query, scope)) if (wanted(entry)) items.push(this.device(entry));
    return items;
  }

  /**
   * The devices in `scope` (of one project with `projectId`), in the order of `GET /fleet/columns`,
   * and their identity columns: one pass per project over the index, no object per device.
   */
  members(query: FleetColumnsQuery, scope: ProjectScope): FleetMembers {
    const kinds = DeviceTypeSchema.options;
    const vendors = VendorSchema.options;
    const kindCode = new Map<string, number>(kinds.map((value, index) => [value, index]));
    const vendorCode = new Map<string, number>(vendors.map((value, index) => [value, index]));
    const inScope = (query.projectId ? [query.projectId] : [...this.index.projectIds()]).filter((id) =>
      inProjectScope(scope, id),
    );
    const room = this.index.size;
    const entries: DeviceIndexEntry[] = [];
    const deviceId: string[] = [];
    const serialNumber: string[] = [];
    const name: string[] = [];
    const kind = new Uint8Array(room);
    const vendor = new Uint8Array(room);
    const project = new Uint32Array(room);
    // The lookup table names the projects that have devices here (the map's project filter lists them).
    const projects: string[] = [];
    let i = 0;
    for (const projectId of inScope) {
      const code = projects.length;
      const before = i;
      for (const entry of this.index.inProject(projectId)) {
        entries.push(entry);
        deviceId.push(entry.id);
        serialNumber.push(entry.serialNumber);
        name.push(entry.name);
        kind[i] = kindCode.get(entry.deviceType) ?? 0;
        vendor[i] = vendorCode.get(entry.vendor) ?? 0;
        project[i] = code;
        i += 1;
      }
      if (i > before) projects.push(projectId);
    }
    return {
      version: this.index.membershipVersion,
      entries,
      columns: {
        count: i,
        deviceId,
        serialNumber,
        name,
        kinds,
        kind: kind.subarray(0, i),
        vendors,
        vendor: vendor.subarray(0, i),
        projects,
        project: project.subarray(0, i),
      },
    };
  }

  /** The state columns of `entries` (members' order), now. */
  stateColumns(entries: readonly DeviceIndexEntry[]): Omit<FleetStateColumns, 'streams'> {
    const statuses = DeviceStatusSchema.options;
    const statusCode = new Map<string, number>(statuses.map((value, index) => [value, index]));
    const count = entries.length;
    const status = new Uint8Array(count);
    const latitude = new Float64Array(count);
    const longitude = new Float64Array(count);
    const flags = new Uint8Array(count);
    for (let i = 0; i < count; i += 1) {
      const entry = entries[i]!;
      const connected = entry.connection?.connected ?? false;
      status[i] = statusCode.get(entry.status) ?? 0;
      latitude[i] = entry.latitude ?? Number.NaN;
      longitude[i] = entry.longitude ?? Number.NaN;
      flags[i] =
        (connected ? FLEET_FLAG.connected : 0) |
        (entry.switchedOn === true ? FLEET_FLAG.on : 0) |
        (entry.switchedOn !== null ? FLEET_FLAG.onKnown : 0);
    }
    return { statuses, status, latitude, longitude, flags };
  }

  /** DeviceIndex.membershipVersion: which devices each project holds, as of now. */
  get membershipVersion(): number {
    return this.index.membershipVersion;
  }

  /** The projects that hold devices: the `fleet:` streams an administrator's whole-fleet read covers. */
  projectIds(): string[] {
    return [...this.index.projectIds()];
  }

  private *candidates(query: FleetListQuery, scope: ProjectScope): Iterable<DeviceIndexEntry> {
    if (query.deviceId) {
      for (const id of new Set(query.deviceId)) {
        const entry = this.index.id(id);
        if (entry) yield entry;
      }
      return;
    }
    const projects = query.projectId ? [query.projectId] : scope === ALL_PROJECTS ? this.index.projectIds() : scope;
    for (const projectId of projects) yield* this.index.inProject(projectId);
  }

  private device(entry: DeviceIndexEntry): FleetDevice {
    // Spelt out rather than spread from `state`: at 100,000 devices the spread alone costs seconds.
    return {
      deviceId: entry.id,
      projectId: entry.projectId,
      connected: entry.connection?.connected ?? false,
      on: entry.switchedOn,
      alarm: false,
      status: entry.status,
      serialNumber: entry.serialNumber,
      name: entry.name,
      deviceType: entry.deviceType,
      vendor: entry.vendor,
      latitude: entry.latitude,
      longitude: entry.longitude,
    };
  }
}

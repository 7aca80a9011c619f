import {
  DeviceStatusSchema,
  DeviceTypeSchema,
  FLEET_FLAG,
  VendorSchema,
  type DeviceStatus,
  type DeviceType,
  type FleetColumns,
  type FleetDevice,
  type FleetDrawing,
  type Vendor,
} from '@farola/protocol';

/** The store's own codes: the index of a value in its protocol enum. */
export const KINDS: readonly DeviceType[] = DeviceTypeSchema.options;
export const VENDORS: readonly Vendor[] = VendorSchema.options;
export const STATUSES: readonly DeviceStatus[] = DeviceStatusSchema.options;
export const READY_STATUS = STATUSES.indexOf('ready');
const kindCode = (value: DeviceType) => KINDS.indexOf(value);
const vendorCode = (value: Vendor) => VENDORS.indexOf(value);
const statusCode = (value: DeviceStatus) => STATUSES.indexOf(value);

/** The fleet's counts for the map header: of the devices that pass the quick filters. */
export interface FleetCounts {
  total: number;
  connected: number;
  switchedOn: number;
  alarm: number;
}

/**
 * The map's quick filters as the store applies them: a device passes when its code is in every
 * given set (null: any) and its connection and alarm match.
 */
export interface FleetFilter {
  kinds: ReadonlySet<DeviceType> | null;
  vendors: ReadonlySet<Vendor> | null;
  statuses: ReadonlySet<DeviceStatus> | null;
  projects: ReadonlySet<string> | null;
  connection: 'any' | 'connected' | 'disconnected';
  alarmsOnly: boolean;
}
export const NO_FILTER: FleetFilter = {
  kinds: null,
  vendors: null,
  statuses: null,
  projects: null,
  connection: 'any',
  alarmsOnly: false,
};

/**
 * A compact state change, as `FleetStateUpdated`, a connection change or an attribute report give
 * it. `projectId` is the project the change is about; with `left` the device moved out of it.
 */
export interface FleetChange {
  deviceId: string;
  projectId?: string;
  left?: boolean;
  connected?: boolean;
  on?: boolean | null;
  alarm?: boolean;
  status?: DeviceStatus;
  latitude?: number | null;
  longitude?: number | null;
}

/** Ids put in the id → slot map in one go while idle (about a millisecond's work). */
const INDEX_CHUNK = 2_000;

/**
 * Runs `work` when the page is idle (`requestIdleCallback`; a timer where there is none, as in
 * Node), telling it how many milliseconds it has left.
 */
function whenIdle(work: (timeLeft: () => number) => void): void {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback((deadline) => work(() => deadline.timeRemaining()));
    return;
  }
  setTimeout(() => {
    const until = performance.now() + 5;
    work(() => until - performance.now());
  }, 0);
}

/** A filter mask that lets every value through. */
const ALL_VALUES = 0xffff_ffff;

const bitsOf = <T>(values: readonly T[], wanted: ReadonlySet<T> | null) =>
  wanted === null
    ? ALL_VALUES
    : values.reduce((mask, value, index) => (wanted.has(value) ? mask | (1 << index) : mask), 0);

/** Web Mercator, as Leaflet's default CRS, into [0, 1): world pixels at zoom z are these times 256·2^z. */
export function mercatorX(longitude: number): number {
  return (longitude + 180) / 360;
}
export function mercatorY(latitude: number): number {
  const sin = Math.sin((Math.max(-85.0511287798, Math.min(85.0511287798, latitude)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

/**
 * The live fleet of the map, held in typed arrays (one slot per device, an id → slot map) rather
 * than one object per device, so 100,000 devices load, filter, count and draw in milliseconds.
 * `load` pours in `GET /fleet/columns`; `apply` takes one animation frame's realtime changes (a
 * device that moved to another project is dropped or moved) and `add` devices registered since.
 * Every change bumps `version` once and tells the listeners, so the canvas layer and the counters
 * redraw only when something changed. Counts follow the quick filters and are kept incrementally:
 * a change costs the device's own slot, not a walk.
 */
export class FleetStore {
  size = 0;
  version = 0;
  /** Bumped when devices may have changed slots or joined (a load, an add, a clear), not on state changes. */
  slotsVersion = 0;
  /**
   * Bumped when what the map lays out may have changed: which devices pass the filters, or where they
   * are. A state change under filters that ignore state (the usual live frame) leaves it, so the map
   * repaints the same layout with the new states instead of laying the fleet out again.
   */
  layoutVersion = 0;
  /** Whether a fleet was loaded (or previewed: it can be drawn and counted). */
  loaded = false;
  ids: string[] = [];
  serialNumbers: string[] = [];
  names: string[] = [];
  /** Degrees; NaN when the device has no location. */
  latitude = new Float64Array(0);
  longitude = new Float64Array(0);
  /** Web Mercator in [0, 1) (see mercatorX/Y); NaN when the device has no location. */
  x = new Float64Array(0);
  y = new Float64Array(0);
  /** FLEET_FLAG bits. */
  flags = new Uint8Array(0);
  kind = new Uint8Array(0);
  vendor = new Uint8Array(0);
  status = new Uint8Array(0);
  /** Index into `projects`. */
  project = new Uint32Array(0);
  projects: string[] = [];
  /**
   * Each device id's slot, for the slots below `indexed`. A load leaves it empty and it fills in
   * idle time, a few thousand ids at a time (at 100,000 devices the whole takes 30–80 ms, which
   * neither the map's first draw nor the first live frame after it should wait for); the first
   * look-up before it is whole completes it at once.
   */
  private slotIndex = new Map<string, number>();
  private indexed = 0;
  private indexingScheduled = false;
  /** The answer shown by `preview`, until `load` brings it whole. */
  private previewed: FleetDrawing | null = null;

  /**
   * Whether the devices' ids, serial numbers and names are in: not between `preview` and `load`,
   * when no device is found by id and its serial number and name are empty.
   */
  get identified(): boolean {
    return this.previewed === null;
  }
  private readonly projectCode = new Map<string, number>();
  private filter: FleetFilter = NO_FILTER;
  private masks = { kind: 0, vendor: 0, status: 0, projects: null as Set<number> | null, flagMask: 0, flagValue: 0 };
  private counts: FleetCounts = { total: 0, connected: 0, switchedOn: 0, alarm: 0 };
  private readonly listeners = new Set<() => void>();

  constructor() {
    this.compileFilter();
  }

  /** The slot of a device id, or -1 (always, until the fleet is identified). */
  indexOf(id: string): number {
    if (!this.identified) return -1;
    return this.slotOf().get(id) ?? -1;
  }

  /**
   * Shows a `GET /fleet/columns` answer whose identity columns are still to be read (the map draws
   * and counts it meanwhile): until `load` brings the same answer whole, no device is found by id
   * and serial numbers and names are empty. Changes (`apply`, `add`) wait for the load.
   */
  preview(drawing: FleetDrawing): void {
    this.pour(drawing);
    const blank = () => new Array<string>(drawing.count).fill('');
    this.ids = blank();
    this.serialNumbers = blank();
    this.names = blank();
    this.previewed = drawing;
    this.changed();
  }

  /**
   * Replaces the whole fleet with a `GET /fleet/columns` answer; of the answer being previewed, it
   * only adds the identities.
   */
  load(columns: FleetColumns): void {
    if (this.previewed?.flags !== columns.flags) this.pour(columns);
    this.previewed = null;
    this.ids = columns.deviceId.slice();
    this.serialNumbers = columns.serialNumber.slice();
    this.names = columns.name.slice();
    this.slotIndex = new Map();
    this.indexed = 0;
    // Devices can now be found by id: what looks them up (the selected device) looks again.
    this.slotsVersion += 1;
    this.changed();
    this.indexInIdleTime();
  }

  /** Pours every column but the identities into the arrays, and counts. */
  private pour(columns: FleetDrawing): void {
    const size = columns.count;
    this.allocate(size);
    this.size = size;
    this.projects = [];
    this.projectCode.clear();
    const kinds = columns.kinds.map(kindCode);
    const vendors = columns.vendors.map(vendorCode);
    const statuses = columns.statuses.map(statusCode);
    const projects = columns.projects.map((id) => this.projectIndex(id));
    for (let i = 0; i < size; i += 1) {
      this.kind[i] = kinds[columns.kind[i]!]!;
      this.vendor[i] = vendors[columns.vendor[i]!]!;
      this.status[i] = statuses[columns.status[i]!]!;
      this.project[i] = projects[columns.project[i]!]!;
      this.flags[i] = columns.flags[i]!;
      this.place(i, columns.latitude[i]!, columns.longitude[i]!);
    }
    this.loaded = true;
    this.slotsVersion += 1;
    this.layoutVersion += 1;
    this.recount();
  }

  /** Adds devices (registered since the load), or replaces the ones it holds. */
  add(devices: readonly FleetDevice[]): void {
    if (devices.length === 0) return;
    for (const device of devices) {
      let i = this.indexOf(device.deviceId);
      if (i < 0) {
        i = this.size;
        this.allocate(i + 1);
        this.size = i + 1;
        this.ids[i] = device.deviceId;
        this.slotOf().set(device.deviceId, i);
        this.indexed = this.size;
      } else this.count(i, -1);
      this.serialNumbers[i] = device.serialNumber;
      this.names[i] = device.name;
      this.kind[i] = kindCode(device.deviceType);
      this.vendor[i] = vendorCode(device.vendor);
      this.status[i] = statusCode(device.status);
      this.project[i] = this.projectIndex(device.projectId);
      this.flags[i] = flagsOf(device);
      this.place(i, device.latitude, device.longitude);
      this.count(i, 1);
    }
    this.slotsVersion += 1;
    this.layoutVersion += 1;
    this.changed();
  }

  /**
   * Applies a frame of changes and returns the ids it does not hold (devices to fetch). A device
   * that left the project it is held under is dropped; one that left a project it is no longer
   * held under (its arrival in another came first) stays.
   */
  apply(changes: readonly FleetChange[]): string[] {
    const unknown: string[] = [];
    let dirty = false;
    let relaid = false;
    for (const change of changes) {
      const i = this.indexOf(change.deviceId);
      if (i < 0) {
        if (!change.left) unknown.push(change.deviceId);
        continue;
      }
      if (change.left) {
        if (change.projectId !== undefined && this.projectCode.get(change.projectId) === this.project[i]) {
          this.removeSlot(i);
          dirty = true;
          relaid = true;
          this.slotsVersion += 1;
        }
        continue;
      }
      const project = change.projectId === undefined ? this.project[i]! : this.projectIndex(change.projectId);
      let flags = this.flags[i]!;
      if (change.connected !== undefined) flags = setBit(flags, FLEET_FLAG.connected, change.connected);
      if (change.alarm !== undefined) flags = setBit(flags, FLEET_FLAG.alarm, change.alarm);
      if (change.on !== undefined) {
        flags = setBit(flags, FLEET_FLAG.onKnown, change.on !== null);
        flags = setBit(flags, FLEET_FLAG.on, change.on === true);
      }
      const status = change.status === undefined ? this.status[i]! : statusCode(change.status);
      const moved =
        (change.latitude !== undefined && !sameCoordinate(change.latitude, this.latitude[i]!)) ||
        (change.longitude !== undefined && !sameCoordinate(change.longitude, this.longitude[i]!));
      if (flags === this.flags[i] && status === this.status[i] && project === this.project[i] && !moved) continue;
      this.count(i, -1);
      const previousProject = this.project[i]!;
      this.flags[i] = flags;
      this.status[i] = status;
      this.project[i] = project;
      if (moved)
        this.place(
          i,
          change.latitude === undefined ? nullIfNaN(this.latitude[i]!) : change.latitude,
          change.longitude === undefined ? nullIfNaN(this.longitude[i]!) : change.longitude,
        );
      this.count(i, 1);
      dirty = true;
      if (moved || project !== previousProject) relaid = true;
    }
    if (dirty && (relaid || this.filterReadsState())) this.layoutVersion += 1;
    if (dirty) this.changed();
    return unknown;
  }

  /** The quick filters in force. */
  getFilter(): FleetFilter {
    return this.filter;
  }

  /** Sets the quick filters; the counts are taken again. */
  setFilter(filter: FleetFilter): void {
    this.filter = filter;
    this.compileFilter();
    this.layoutVersion += 1;
    this.recount();
    this.changed();
  }

  /** Whether the device in slot `i` passes the quick filters. */
  passes(i: number): boolean {
    const m = this.masks;
    return (
      ((m.kind >>> this.kind[i]!) & 1) === 1 &&
      ((m.vendor >>> this.vendor[i]!) & 1) === 1 &&
      ((m.status >>> this.status[i]!) & 1) === 1 &&
      (m.projects === null || m.projects.has(this.project[i]!)) &&
      (this.flags[i]! & m.flagMask) === m.flagValue
    );
  }

  /** The counts of the devices that pass the filters (a copy). */
  getCounts(): FleetCounts {
    return { ...this.counts };
  }

  isConnected(i: number): boolean {
    return (this.flags[i]! & FLEET_FLAG.connected) !== 0;
  }
  /** Connected and switched on: what the map draws lit and counts as switched on. */
  isSwitchedOn(i: number): boolean {
    const on = FLEET_FLAG.connected | FLEET_FLAG.on | FLEET_FLAG.onKnown;
    return (this.flags[i]! & on) === on;
  }
  hasAlarm(i: number): boolean {
    return (this.flags[i]! & FLEET_FLAG.alarm) !== 0;
  }
  hasLocation(i: number): boolean {
    return !Number.isNaN(this.x[i]!);
  }

  /** The device in slot `i` as one object (for the few places that want one). */
  device(i: number): FleetDevice {
    const flags = this.flags[i]!;
    return {
      deviceId: this.ids[i]!,
      projectId: this.projects[this.project[i]!]!,
      connected: (flags & FLEET_FLAG.connected) !== 0,
      on: (flags & FLEET_FLAG.onKnown) === 0 ? null : (flags & FLEET_FLAG.on) !== 0,
      alarm: (flags & FLEET_FLAG.alarm) !== 0,
      status: STATUSES[this.status[i]!]!,
      serialNumber: this.serialNumbers[i]!,
      name: this.names[i]!,
      deviceType: KINDS[this.kind[i]!]!,
      vendor: VENDORS[this.vendor[i]!]!,
      latitude: nullIfNaN(this.latitude[i]!),
      longitude: nullIfNaN(this.longitude[i]!),
    };
  }

  /** The device with this id, or null. */
  deviceById(id: string): FleetDevice | null {
    const i = this.indexOf(id);
    return i < 0 ? null : this.device(i);
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets everything (a sign-out, a test). */
  clear(): void {
    this.size = 0;
    this.loaded = false;
    this.ids = [];
    this.serialNumbers = [];
    this.names = [];
    this.slotIndex = new Map();
    this.indexed = 0;
    this.previewed = null;
    this.projects = [];
    this.projectCode.clear();
    this.filter = NO_FILTER;
    this.compileFilter();
    this.slotsVersion += 1;
    this.layoutVersion += 1;
    this.recount();
    this.changed();
  }

  /** Whether the quick filters look at a device's state (connection, alarm, lifecycle status). */
  private filterReadsState(): boolean {
    return this.masks.flagMask !== 0 || this.masks.status !== ALL_VALUES;
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  /** The slot of each device id, completed first if idle time has not finished it. */
  private slotOf(): Map<string, number> {
    if (this.indexed < this.size) this.indexUpTo(this.size);
    return this.slotIndex;
  }

  private indexUpTo(end: number): void {
    for (let i = this.indexed; i < end; i += 1) this.slotIndex.set(this.ids[i]!, i);
    this.indexed = end;
  }

  /** Fills the id → slot map in idle time, INDEX_CHUNK ids at least each time, until it is whole. */
  private indexInIdleTime(): void {
    if (this.indexingScheduled || this.indexed >= this.size) return;
    this.indexingScheduled = true;
    whenIdle((timeLeft) => {
      this.indexingScheduled = false;
      do this.indexUpTo(Math.min(this.size, this.indexed + INDEX_CHUNK));
      while (this.indexed < this.size && timeLeft() > 1);
      this.indexInIdleTime();
    });
  }

  private projectIndex(id: string): number {
    let code = this.projectCode.get(id);
    if (code === undefined) {
      code = this.projects.push(id) - 1;
      this.projectCode.set(id, code);
      if (this.filter.projects?.has(id)) this.masks.projects?.add(code);
    }
    return code;
  }

  /** Drops the device in slot `i`: the last slot's device takes its place. */
  private removeSlot(i: number): void {
    this.count(i, -1);
    const last = this.size - 1;
    const slots = this.slotOf();
    slots.delete(this.ids[i]!);
    if (i !== last) {
      const id = this.ids[last]!;
      this.ids[i] = id;
      this.serialNumbers[i] = this.serialNumbers[last]!;
      this.names[i] = this.names[last]!;
      for (const column of [this.latitude, this.longitude, this.x, this.y]) column[i] = column[last]!;
      for (const column of [this.flags, this.kind, this.vendor, this.status]) column[i] = column[last]!;
      this.project[i] = this.project[last]!;
      slots.set(id, i);
    }
    this.ids.length = last;
    this.serialNumbers.length = last;
    this.names.length = last;
    this.size = last;
    this.indexed = last;
  }

  /** Places device `i`; a null or NaN coordinate leaves it without a location. */
  private place(i: number, latitude: number | null, longitude: number | null): void {
    const located = latitude !== null && longitude !== null && !Number.isNaN(latitude) && !Number.isNaN(longitude);
    this.latitude[i] = located ? latitude : Number.NaN;
    this.longitude[i] = located ? longitude : Number.NaN;
    this.x[i] = located ? mercatorX(longitude) : Number.NaN;
    this.y[i] = located ? mercatorY(latitude) : Number.NaN;
  }

  /** Grows the arrays (doubling) to hold at least `size` devices, keeping what they hold. */
  private allocate(size: number): void {
    if (size <= this.flags.length) return;
    const capacity = Math.max(size, this.flags.length * 2, 64);
    const grow = <A extends Float64Array | Uint8Array | Uint32Array>(old: A, make: (n: number) => A): A => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.latitude = grow(this.latitude, (n) => new Float64Array(n));
    this.longitude = grow(this.longitude, (n) => new Float64Array(n));
    this.x = grow(this.x, (n) => new Float64Array(n));
    this.y = grow(this.y, (n) => new Float64Array(n));
    this.flags = grow(this.flags, (n) => new Uint8Array(n));
    this.kind = grow(this.kind, (n) => new Uint8Array(n));
    this.vendor = grow(this.vendor, (n) => new Uint8Array(n));
    this.status = grow(this.status, (n) => new Uint8Array(n));
    this.project = grow(this.project, (n) => new Uint32Array(n));
  }

  private compileFilter(): void {
    const { filter } = this;
    const projects =
      filter.projects === null
        ? null
        : new Set([...filter.projects].map((id) => this.projectCode.get(id)).filter((code) => code !== undefined));
    let flagMask = 0;
    let flagValue = 0;
    if (filter.connection !== 'any') {
      flagMask |= FLEET_FLAG.connected;
      if (filter.connection === 'connected') flagValue |= FLEET_FLAG.connected;
    }
    if (filter.alarmsOnly) {
      flagMask |= FLEET_FLAG.alarm;
      flagValue |= FLEET_FLAG.alarm;
    }
    this.masks = {
      kind: bitsOf(KINDS, filter.kinds),
      vendor: bitsOf(VENDORS, filter.vendors),
      status: bitsOf(STATUSES, filter.statuses),
      projects,
      flagMask,
      flagValue,
    };
  }

  private count(i: number, sign: 1 | -1): void {
    if (!this.passes(i)) return;
    const c = this.counts;
    c.total += sign;
    if (this.isConnected(i)) c.connected += sign;
    if (this.isSwitchedOn(i)) c.switchedOn += sign;
    if (this.hasAlarm(i)) c.alarm += sign;
  }

  private recount(): void {
    // A project filter names ids; a device of a project first seen later must be matched too.
    if (this.filter.projects !== null) this.compileFilter();
    this.counts = { total: 0, connected: 0, switchedOn: 0, alarm: 0 };
    for (let i = 0; i < this.size; i += 1) this.count(i, 1);
  }
}

function setBit(flags: number, bit: number, value: boolean): number {
  return value ? flags | bit : flags & ~bit;
}

function flagsOf(device: Pick<FleetDevice, 'connected' | 'on' | 'alarm'>): number {
  return (
    (device.connected ? FLEET_FLAG.connected : 0) |
    (device.on === true ? FLEET_FLAG.on : 0) |
    (device.on !== null ? FLEET_FLAG.onKnown : 0) |
    (device.alarm ? FLEET_FLAG.alarm : 0)
  );
}

function nullIfNaN(value: number): number | null {
  return Number.isNaN(value) ? null : value;
}

function sameCoordinate(next: number | null, current: number): boolean {
  return next === null ? Number.isNaN(current) : next === current;
}

/** The console's one fleet (the fleet sync fills it; the map and its counters read it). */
export const fleetStore = new FleetStore();

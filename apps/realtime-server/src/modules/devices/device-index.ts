import type { DeviceIndexEntry, KnownConnection } from './device.repository';

/**
 * Every known device by serial number and by id, held in memory so that ingesting a report
 * needs no database round trip. Loaded at start; registrations add to it. It also keeps each
 * device's connection state, so that a replayed (retained) connection message that changes
 * nothing is recognised without a query. Entries are grouped by project, for the compact fleet
 * (`GET /fleet`), which is served from here.
 */
export class DeviceIndex {
  private readonly bySerial = new Map<string, DeviceIndexEntry>();
  private readonly byId = new Map<string, DeviceIndexEntry>();
  /** Connections of devices heard from before their entry joined (their registration being stored). */
  private readonly unindexedConnections = new Map<string, KnownConnection>();
  private readonly byProject = new Map<string, Map<string, DeviceIndexEntry>>();
  /** How many known connections say connected, kept as they change (health reads it). */
  private connected = 0;
  /**
   * Grows whenever a device joins the index, moves to another project or is renamed: while it
   * stays, every project holds the same devices under the same names (what `GET /fleet/columns`
   * prepares ahead rests on it).
   */
  membershipVersion = 0;

  constructor(entries: readonly DeviceIndexEntry[] = []) {
    for (const entry of entries) this.add(entry);
  }

  add(entry: DeviceIndexEntry): void {
    const previous = this.connection(entry.id);
    this.unindexedConnections.delete(entry.id);
    this.bySerial.set(entry.serialNumber, entry);
    this.byId.set(entry.id, entry);
    let project = this.byProject.get(entry.projectId);
    if (!project) this.byProject.set(entry.projectId, (project = new Map()));
    project.set(entry.id, entry);
    this.membershipVersion += 1;
    if (entry.connection) this.recount(previous, entry.connection);
    else entry.connection = previous;
  }

  serial(serialNumber: string): DeviceIndexEntry | undefined {
    return this.bySerial.get(serialNumber);
  }

  id(id: string): DeviceIndexEntry | undefined {
    return this.byId.get(id);
  }

  /** Moves a device to another project (its entry, and the project grouping the fleet reads). */
  move(id: string, projectId: string): void {
    const entry = this.byId.get(id);
    if (!entry || entry.projectId === projectId) return;
    this.byProject.get(entry.projectId)?.delete(id);
    entry.projectId = projectId;
    let project = this.byProject.get(projectId);
    if (!project) this.byProject.set(projectId, (project = new Map()));
    project.set(id, entry);
    this.membershipVersion += 1;
  }

  /** Renames a device: the fleet's identities (`GET /fleet/columns`) are prepared again. */
  rename(id: string, name: string): void {
    const entry = this.byId.get(id);
    if (!entry || entry.name === name) return;
    entry.name = name;
    this.membershipVersion += 1;
  }

  /** The device's last known connection state, or undefined when nothing is known yet. */
  connection(id: string): KnownConnection | undefined {
    return this.byId.get(id)?.connection ?? this.unindexedConnections.get(id);
  }

  /**
   * Records a device's connection state on its entry (reads over the whole fleet take it from the
   * entries they hold: at 100,000 devices, a lookup per device was 30 ms of a read), or, for a
   * device not in the index yet, until its entry joins.
   */
  setConnection(id: string, connection: KnownConnection): void {
    const entry = this.byId.get(id);
    this.recount(entry ? entry.connection : this.unindexedConnections.get(id), connection);
    if (entry) entry.connection = connection;
    else this.unindexedConnections.set(id, connection);
  }

  private recount(previous: KnownConnection | undefined, next: KnownConnection): void {
    if (previous?.connected) this.connected -= 1;
    if (next.connected) this.connected += 1;
  }

  /** The devices of one project. */
  inProject(projectId: string): Iterable<DeviceIndexEntry> {
    return this.byProject.get(projectId)?.values() ?? [];
  }

  /** The ids of the projects that have devices. */
  projectIds(): Iterable<string> {
    return this.byProject.keys();
  }

  get size(): number {
    return this.byId.size;
  }

  /** How many devices are connected now (a provisioned device that never announced itself is not). */
  connectedCount(): number {
    return this.connected;
  }
}

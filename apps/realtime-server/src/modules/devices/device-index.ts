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
  private readonly connections = new Map<string, KnownConnection>();
  private readonly byProject = new Map<string, Map<string, DeviceIndexEntry>>();
  /** How many of `connections` say connected, kept as they change (health reads it). */
  private connected = 0;
  /**
   * Grows whenever a device joins the index or moves to another project: while it stays, every
   * project holds the same devices (what `GET /fleet/columns` prepares ahead rests on it).
   */
  membershipVersion = 0;

  constructor(entries: readonly DeviceIndexEntry[] = []) {
    for (const entry of entries) this.add(entry);
  }

  add(entry: DeviceIndexEntry): void {
    this.bySerial.set(entry.serialNumber, entry);
    this.byId.set(entry.id, entry);
    let project = this.byProject.get(entry.projectId);
    if (!project) this.byProject.set(entry.projectId, (project = new Map()));
    project.set(entry.id, entry);
    this.membershipVersion += 1;
    const known = this.connections.get(entry.id);
    if (entry.connection) this.setConnection(entry.id, entry.connection);
    else if (known) entry.connection = known;
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

  /** The device's last known connection state, or undefined when nothing is known yet. */
  connection(id: string): KnownConnection | undefined {
    return this.connections.get(id);
  }

  /**
   * Records a device's connection state, here and on its entry: reads over the whole fleet take it
   * from the entry they hold (at 100,000 devices, a lookup here per device was 30 ms of a read).
   */
  setConnection(id: string, connection: KnownConnection): void {
    if (this.connections.get(id)?.connected) this.connected -= 1;
    if (connection.connected) this.connected += 1;
    this.connections.set(id, connection);
    const entry = this.byId.get(id);
    if (entry) entry.connection = connection;
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

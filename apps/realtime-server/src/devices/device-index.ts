import type { DeviceIndexEntry } from '../repositories/device.repository';

/**
 * Every known device by serial number and by id, held in memory so that ingesting a report
 * needs no database round trip. Loaded at start; registrations add to it.
 */
export class DeviceIndex {
  private readonly bySerial = new Map<string, DeviceIndexEntry>();
  private readonly byId = new Map<string, DeviceIndexEntry>();

  constructor(entries: readonly DeviceIndexEntry[] = []) {
    for (const entry of entries) this.add(entry);
  }

  add(entry: DeviceIndexEntry): void {
    this.bySerial.set(entry.serialNumber, entry);
    this.byId.set(entry.id, entry);
  }

  serial(serialNumber: string): DeviceIndexEntry | undefined {
    return this.bySerial.get(serialNumber);
  }

  id(id: string): DeviceIndexEntry | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }
}

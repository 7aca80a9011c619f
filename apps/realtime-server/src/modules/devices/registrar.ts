import type { DeviceRegistration } from '@farola/protocol';
import type { DeviceIndex } from './device-index';
import type { DeviceIndexEntry } from './device.repository';
import type { RegistrationBatcher } from './registration-batcher';

export interface RegistrarDeps {
  /** Stores announced registrations, many per statement. */
  batcher: Pick<RegistrationBatcher, 'register'>;
  index: DeviceIndex;
}

/**
 * The one way a provisioned device gets registered: stored, then its index entry updated (or
 * added, when another server replica provisioned it). While a serial is being registered,
 * `pending` gives its registration, so that the device's next messages wait for it instead of
 * being refused. A serial number that was not provisioned resolves null: nothing is created.
 */
export class DeviceRegistrar {
  private readonly registering = new Map<string, Promise<DeviceIndexEntry | null>>();

  constructor(private readonly deps: RegistrarDeps) {}

  pending(serialNumber: string): Promise<DeviceIndexEntry | null> | undefined {
    return this.registering.get(serialNumber);
  }

  register(serialNumber: string, registration: DeviceRegistration): Promise<DeviceIndexEntry | null> {
    const registering = this.deps.batcher.register(serialNumber, registration).then((stored) => {
      if (!stored) return null;
      const known = this.deps.index.serial(serialNumber);
      if (!known) {
        this.deps.index.add(stored);
        return stored;
      }
      // The entry carries live state (switched on, reports' time): only what registration changes moves.
      known.status = stored.status;
      known.latitude = stored.latitude;
      known.longitude = stored.longitude;
      return known;
    });
    this.registering.set(serialNumber, registering);
    const done = () => {
      if (this.registering.get(serialNumber) === registering) this.registering.delete(serialNumber);
    };
    registering.then(done, done);
    return registering;
  }
}

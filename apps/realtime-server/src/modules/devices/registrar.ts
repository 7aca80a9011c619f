import type { DeviceRegistration } from '@farola/protocol';
import type { DeviceIndex } from './device-index';
import type { DeviceIndexEntry } from './device.repository';
import type { RegistrationBatcher } from './registration-batcher';

export interface RegistrarDeps {
  /** Stores announced devices, many per statement. */
  batcher: Pick<RegistrationBatcher, 'register'>;
  index: DeviceIndex;
}

/**
 * The one way a device gets registered: stored (a concurrent registration of the same serial
 * wins), then added to the in-memory index. While a serial is being registered, `pending` gives
 * its registration, so that the device's next messages wait for it instead of being refused.
 */
export class DeviceRegistrar {
  private readonly registering = new Map<string, Promise<DeviceIndexEntry>>();

  constructor(private readonly deps: RegistrarDeps) {}

  pending(serialNumber: string): Promise<DeviceIndexEntry> | undefined {
    return this.registering.get(serialNumber);
  }

  /** Registers in the hinted project when it exists, else in the demo project. */
  register(
    serialNumber: string,
    registration: DeviceRegistration,
    connection: { connected: boolean; ts: string },
  ): Promise<DeviceIndexEntry> {
    const registering = this.deps.batcher
      .register(serialNumber, registration, registration.projectId, connection)
      .then((device) => {
        this.deps.index.add(device);
        return device;
      });
    this.registering.set(serialNumber, registering);
    const done = () => {
      if (this.registering.get(serialNumber) === registering) this.registering.delete(serialNumber);
    };
    registering.then(done, done);
    return registering;
  }
}

import type { FarolaModule } from '../../platform/module';
import { DeviceEventPublisher } from '../../realtime/device-events';
import { CompactFleet } from './compact-fleet';
import { DeviceIndex } from './device-index';
import { DeviceIngest } from './device-ingest';
import { DeviceRepository } from './device.repository';
import { deviceRoutes } from './device.routes';
import { DeviceService } from './device.service';
import { DeviceStreams } from './device-streams';
import { fleetRoutes } from './fleet.routes';
import { FleetService } from './fleet.service';
import { RegistrationRecovery } from './registration-recovery';
import { DeviceRegistrar } from './registrar';
import { RegistrationBatcher } from './registration-batcher';
import { WriteBehind } from './write-behind';

/** What the devices module offers later modules. */
export interface DevicesService {
  /** Every known device by serial number and id, in memory. */
  index: DeviceIndex;
  /** The device a message is from (waiting for a registration under way); throws a MessageRejection for an unknown serial. */
  resolve: DeviceIngest['resolve'];
  /** Device reads scoped to the caller. */
  reads: DeviceService;
}

declare module '../../platform/services' {
  interface ServiceMap {
    devices: DevicesService;
    /** The single entry point for device events: to the sockets at once, to the event history behind. */
    deviceEvents: DeviceEventPublisher;
  }
}

/**
 * Devices: registration from their MQTT announcement, connection state and attribute reports
 * (to the realtime streams, with the compact fleet state and `GET /fleet`),
 * the device data write-behind (latest state and event history), device reads, and recovery of
 * registrations a broker dropped.
 */
export const devicesModule: FarolaModule = {
  name: 'devices',
  migrations: new URL('./migrations/', import.meta.url),
  setup: async ({ db, logger, services, realtime, deviceLink }) => {
    const repository = new DeviceRepository(db);
    const projects = services.get('projects');
    const history = services.get('eventHistory');
    const index = new DeviceIndex(await repository.loadIndex());
    const writer = new WriteBehind({ devices: repository, events: history }, logger);
    // The compact fleet state lives in the index's entries; its changes go out as FleetStateUpdated.
    const fleet = new CompactFleet(index);
    const events = new DeviceEventPublisher(new DeviceStreams(realtime.hub, fleet, index), writer);
    const recovery = new RegistrationRecovery({
      replay: (serials) => deviceLink.replayConnections(serials),
      onError: (error) => logger.warn({ err: error }, 'asking the broker for missed registrations failed'),
    });
    const ingest = new DeviceIngest({
      index,
      registrar: new DeviceRegistrar({ batcher: new RegistrationBatcher(repository), index }),
      events,
      writer,
      onUnknownSerial: (serial) => recovery.note(serial),
    });
    const reads = new DeviceService({ devices: repository, events: history, projects, writer });
    return {
      routes: [...deviceRoutes(reads), ...fleetRoutes(new FleetService({ fleet, hub: realtime.hub, projects }))],
      deviceMessages: ingest.handlers(),
      services: { devices: { index, resolve: (serial) => ingest.resolve(serial), reads }, deviceEvents: events },
      parts: [
        // The final write of what was accepted: stops after every module that publishes device events.
        { name: 'device data write-behind', stop: () => writer.close() },
        { name: 'registration recovery', start: () => recovery.start(), stop: () => recovery.close() },
      ],
      health: {
        devices: () => index.size,
        // The write-behind: rows waiting to be written, rows the database refused and were set aside.
        storage: () => ({ pending: writer.pending, quarantined: writer.quarantined }),
      },
    };
  },
};

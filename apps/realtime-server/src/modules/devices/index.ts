import { randomBytes } from 'node:crypto';
import { streams } from '@farola/protocol';
import type { FarolaModule } from '../../platform/module';
import { DeviceEventPublisher } from '../../realtime/device-events';
import { BulkProvisioning } from './bulk-provisioning';
import { CompactFleet } from './compact-fleet';
import { CredentialStore } from './credential-store';
import { DeviceIndex } from './device-index';
import { DeviceIngest } from './device-ingest';
import { DeviceRepository } from './device.repository';
import { deviceRoutes } from './device.routes';
import { DeviceService } from './device.service';
import { DeviceStreams } from './device-streams';
import { fleetRoutes } from './fleet.routes';
import { FleetService } from './fleet.service';
import { FleetColumnsCache } from './fleet-columns-cache';
import { HashUpgrades } from './hash-upgrades';
import { PasswordHasher } from './passwords';
import { provisioningRoutes } from './provisioning.routes';
import { ProvisioningRepository } from './provisioning.repository';
import { ProvisioningService } from './provisioning.service';
import { DeviceStatusWriter } from './device-status';
import { DeviceStatusRepository } from './device-status.repository';
import { DeviceListFilters } from './list-filters';
import { LuminaireFactsRepository } from './luminaire-facts';
import { RegistrationRecovery } from './registration-recovery';
import { DeviceRegistrar } from './registrar';
import { RegistrationBatcher } from './registration-batcher';
import { WriteBehind } from './write-behind';

export type { DevicesService } from './contract';

/**
 * Devices: provisioning with MQTT credentials (which the embedded broker checks), registration of a
 * provisioned device from its MQTT announcement, connection state and attribute reports
 * (to the realtime streams, with the compact fleet state and `GET /fleet`),
 * the device data write-behind (latest state and event history), device reads, and recovery of
 * registrations a broker dropped.
 */
export const devicesModule: FarolaModule = {
  name: 'devices',
  description: 'Devices and gateways: provisioning, MQTT credentials, reads, the fleet for the map',
  migrations: new URL('./migrations/', import.meta.url),
  setup: async ({ db, logger, services, realtime, events: bus, deviceLink }) => {
    const repository = new DeviceRepository(db);
    const projects = services.get('projects');
    const history = services.get('eventHistory');
    const index = new DeviceIndex(await repository.loadIndex());
    const credentialRows = new ProvisioningRepository(db);
    // One key per database, so that every server process hashes and verifies alike.
    const hasher = new PasswordHasher(await credentialRows.credentialKey(randomBytes(32)));
    const hashUpgrades = new HashUpgrades(credentialRows, logger);
    const credentials = new CredentialStore(
      { index, hasher, onRehashed: (change) => hashUpgrades.add(change) },
      await credentialRows.loadCredentials(),
    );
    deviceLink.setAccess(credentials);
    const provisioning = new ProvisioningService({ db, projects, index, credentials, broker: deviceLink });
    const bulkProvisioning = new BulkProvisioning(
      { db, projects, index, credentials, broker: deviceLink },
      provisioning,
    );
    const writer = new WriteBehind({ devices: repository, events: history }, logger);
    // The compact fleet state lives in the index's entries; its changes go out as FleetStateUpdated.
    const fleet = new CompactFleet(index);
    const fleetColumns = new FleetColumnsCache({ fleet, index, logger });
    const deviceStreams = new DeviceStreams(realtime.hub, fleet, index);
    const events = new DeviceEventPublisher(
      deviceStreams,
      writer,
      (type, payload) =>
        // Device events are DomainEvents by the contract's declaration; TypeScript cannot follow K through it.
        void bus.emit(type, payload as never),
    );
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
      onForeignDevices: (gatewayId, serials) =>
        logger.debug(
          { gatewayId, devices: serials.slice(0, 20), count: serials.length },
          'gateway spoke for devices not behind it',
        ),
    });
    const listFilters = new DeviceListFilters();
    const luminaires = new LuminaireFactsRepository(db);
    const reads = new DeviceService({
      devices: repository,
      events: history,
      projects,
      writer,
      index,
      filters: listFilters,
    });
    const status = new DeviceStatusWriter({
      repository: new DeviceStatusRepository(db),
      index,
      events,
      moved: (ids, projectId) => {
        if (ids.length > 0) void bus.emit('DevicesMoved', { deviceIds: ids, projectId });
        const streamNames: string[] = [];
        for (const id of ids) {
          const entry = index.id(id);
          if (!entry || entry.projectId === projectId) continue;
          const from = entry.projectId;
          index.move(id, projectId);
          deviceStreams.moved(entry, from);
          streamNames.push(streams.device(id));
        }
        realtime.recheckStreams(streamNames);
      },
    });
    return {
      routes: [
        ...deviceRoutes(reads),
        ...provisioningRoutes(provisioning, bulkProvisioning),
        ...fleetRoutes(new FleetService({ fleet, hub: realtime.hub, projects, cache: fleetColumns })),
      ],
      deviceMessages: ingest.handlers(),
      socketScope: { projectOf: (deviceId) => index.id(deviceId)?.projectId },
      services: {
        devices: {
          index,
          resolve: (serial) => ingest.resolve(serial),
          reads,
          provisioning,
          bulkProvisioning,
          status,
          listFilters,
          luminaires: async (ids) => {
            await writer.settled();
            return luminaires.of(ids);
          },
          revokeCredentials: async (devices) => {
            const serials = devices.map((device) => device.serialNumber);
            for (const serial of serials) credentials.revoke(serial);
            await credentialRows.deleteCredentials(serials);
            const revocations = devices.map(({ serialNumber, gatewayId }) => ({ serialNumber, gatewayId }));
            // Disabled already: what it sends is ignored and no command reaches it, whatever the broker does.
            await deviceLink
              .revoke(revocations)
              .catch((error: unknown) =>
                logger.error(
                  { err: error, devices: serials.slice(0, 20), count: serials.length },
                  'disabled devices could not be taken off the MQTT broker',
                ),
              );
          },
        },
        deviceEvents: events,
      },
      parts: [
        // The final write of what was accepted: stops after every module that publishes device events.
        { name: 'device data write-behind', stop: () => writer.close() },
        { name: 'registration recovery', start: () => recovery.start(), stop: () => recovery.close() },
        { name: 'fleet columns for the map', start: () => fleetColumns.start(), stop: () => fleetColumns.close() },
        // Keyed hashes that replaced scrypt ones as devices signed in, stored before the database closes.
        { name: 'keyed password hashes', stop: () => hashUpgrades.flush() },
      ],
      health: {
        devices: () => index.size,
        connectedDevices: () => index.connectedCount(),
        // Device messages refused for who sent them: unprovisioned registrations, gateways speaking for others.
        ingestRefused: () => ({ ...ingest.refusals }),
        // The write-behind: rows waiting to be written, rows the database refused and were set aside,
        // and the backlog: rows not yet in the database (the write under way too) and the oldest's age.
        storage: () => ({ pending: writer.pending, quarantined: writer.quarantined, backlog: writer.backlog() }),
      },
    };
  },
};

// What the devices module offers other modules: the only file of it they import (lint: no-restricted-paths).
import type { DeviceEventPayloads } from '@farola/protocol';
import type { DeviceEventPublisher } from '../../realtime/device-events';
import type { BulkProvisioning } from './bulk-provisioning';
import type { DeviceIndex } from './device-index';
import type { DeviceIngest } from './device-ingest';
import type { DeviceStatusWriter, StatusChange } from './device-status';
import type { DeviceIndexEntry } from './device.repository';
import type { DeviceService } from './device.service';
import type { DeviceCondition, DeviceColumns, DeviceFilterContribution, DeviceListFilters } from './list-filters';
import type { LuminaireFacts } from './luminaire-facts';
import type { ProvisioningService } from './provisioning.service';

export type {
  DeviceColumns,
  DeviceCondition,
  DeviceFilterContribution,
  DeviceIndex,
  DeviceIndexEntry,
  DeviceService,
  DeviceStatusWriter,
  LuminaireFacts,
  StatusChange,
};

/** What the devices module offers later modules. */
export interface DevicesService {
  /** Every known device by serial number and id, in memory. */
  index: DeviceIndex;
  /** The device a message is from (waiting for a registration under way); throws a MessageRejection for an unknown serial. */
  resolve: DeviceIngest['resolve'];
  /** Device reads scoped to the caller. */
  reads: DeviceService;
  /** Devices and gateways with their MQTT credentials: the only way a device comes to exist. */
  provisioning: ProvisioningService;
  /** Many devices behind one gateway at once. */
  bulkProvisioning: BulkProvisioning;
  /**
   * Status, installation, disable and project changes (the lifecycle module's actions): stored and
   * taken into the index. A project change tells the fleet streams that each device left the old
   * project and arrived in the new one; a socket subscribed to a moved device whose user may not see
   * the new project leaves its stream.
   */
  status: DeviceStatusWriter;
  /**
   * The inventory filters another module answers for (the scheduling module's `groupId`): it
   * contributes, in its `setup`, the condition that keeps the devices a value means, so the lists,
   * 'select all matching' and the CSV export honour it without the devices module knowing its tables.
   */
  listFilters: Pick<DeviceListFilters, 'contribute'>;
  /**
   * The position, time zone and rated power these devices last reported (what a schedule's sun times
   * and energy depend on), after what the ingest path has buffered; unknown ids are left out.
   */
  luminaires(ids: readonly string[]): Promise<LuminaireFacts[]>;
  /**
   * Revokes the MQTT credentials of these (disabled) devices, in the broker's view and in the
   * database, and cuts them off the broker: a connected device is disconnected at once.
   */
  revokeCredentials(devices: readonly Pick<DeviceIndexEntry, 'serialNumber' | 'gatewayId'>[]): Promise<void>;
}

declare module '../../platform/services' {
  interface ServiceMap {
    devices: DevicesService;
    /** The single entry point for device events: to the sockets at once, to the event history behind. */
    deviceEvents: DeviceEventPublisher;
  }
}

declare module '../../platform/events' {
  /**
   * Every device event (docs/realtime.md), after it went to the sockets and the event history:
   * reports, connection changes, commands requested, lifecycle moves. Handlers are on the ingest
   * path (thousands a second): they must be quick and synchronous.
   */
  interface DomainEvents extends DeviceEventPayloads {
    /** Devices stored in another project (a lifecycle move): what other modules keep per project follows. */
    DevicesMoved: { deviceIds: readonly string[]; projectId: string };
  }
}

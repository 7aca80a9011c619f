import {
  BULK_DEVICES_MAX,
  type Device,
  type DeviceEdit,
  type DeviceEvent,
  type DeviceEventListQuery,
  type DeviceExportQuery,
  type DeviceFilter,
  type DeviceIdsQuery,
  type DeviceListQuery,
  LUMINAIRE_FIELDS,
  type MatchingDeviceIds,
  type Page,
} from '@farola/protocol';
import type { Response } from 'express';
import type { User } from '../../auth/user';
import { DomainError } from '../../platform/domain-error';
import type { EventRepository } from '../events/contract';
import type { ProjectService } from '../projects/contract';
import type { DeviceIndex } from './device-index';
import { projectPaths, streamDeviceCsv } from './device-export';
import type { DeviceRepository } from './device.repository';
import { type BoundDeviceCondition, DeviceListFilters } from './list-filters';
import { luminaireSerialExists, nameExists } from './provisioning-errors';
import type { WriteBehind } from './write-behind';

const NO_CONTRIBUTIONS = new DeviceListFilters();

/**
 * Device reads, scoped to the caller's projects. Each read first writes what the ingest path
 * has buffered, so an answer never lags behind an event the caller already saw on the socket.
 */
export class DeviceService {
  constructor(
    private readonly deps: {
      devices: DeviceRepository;
      events: EventRepository;
      projects: ProjectService;
      writer: WriteBehind;
      /** Takes a renamed device's new name (the map's fleet reads names from it). */
      index?: DeviceIndex;
      /** The most ids `matchingIds` answers: what one bulk action takes. */
      matchingIdsMax?: number;
      /** The list filters other modules answer for (`groupId`); none when left out. */
      filters?: DeviceListFilters;
    },
  ) {}

  async list(user: User, query: DeviceListQuery): Promise<Page<Device>> {
    const visible = await this.deps.projects.scope(user);
    const contributed = await this.contributed(user, query);
    await this.deps.writer.settled();
    return this.deps.devices.list(query, visible, { contributed });
  }

  /**
   * The ids of every device the list's filters match, in the list's order, for a bulk action on
   * all of them; past `matchingIdsMax` (BULK_DEVICES_MAX) only the first ones, marked `truncated`.
   */
  async matchingIds(user: User, query: DeviceIdsQuery): Promise<MatchingDeviceIds> {
    const visible = await this.deps.projects.scope(user);
    const contributed = await this.contributed(user, query);
    await this.deps.writer.settled();
    const max = this.deps.matchingIdsMax ?? BULK_DEVICES_MAX;
    const { ids, total } = await this.deps.devices.matchingIds(query, visible, max, contributed);
    return { ids, total, truncated: total > ids.length };
  }

  /**
   * Streams every matching device as CSV: the import template's columns and then the export's
   * (`DEVICE_CSV_COLUMNS`), headers in `query.lang`, projects by their path, text made safe for
   * spreadsheets; a keyset page at a time, at the pace the client reads.
   */
  async exportCsv(user: User, query: DeviceExportQuery, res: Response): Promise<void> {
    const visible = await this.deps.projects.scope(user);
    const projects = await projectPaths(this.deps.projects, user);
    const contributed = await this.contributed(user, query);
    await this.deps.writer.settled();
    const { lang, ...filters } = query;
    const pages = this.deps.devices.each(filters, visible, contributed);
    await streamDeviceCsv(res, pages, { language: lang ?? 'en', projects });
  }

  async get(user: User, id: string): Promise<Device> {
    const visible = await this.deps.projects.scope(user);
    await this.deps.writer.settled();
    const device = await this.deps.devices.get(id, visible);
    if (!device) throw new DomainError('DEVICE_NOT_FOUND');
    return device;
  }

  /**
   * A user's edit of the name, the notes, the fixed-location flag or (a light point's) luminaire
   * fields, recorded with who made it.
   */
  async edit(user: User, id: string, edit: DeviceEdit): Promise<Device> {
    const visible = await this.deps.projects.scope(user);
    await this.deps.writer.settled();
    const luminaire = LUMINAIRE_FIELDS.filter((field) => edit[field] !== undefined);
    if (luminaire.length > 0 && (await this.deps.devices.get(id, visible))?.deviceType === 'cabinet-controller') {
      // A cabinet controller sits in a cabinet, on no luminaire (spec §3): nothing may record one on it.
      throw new DomainError(
        'VALIDATION_FAILED',
        luminaire.map((path) => ({
          path,
          rule: 'unknownKey',
          message: 'A cabinet controller has no luminaire fields',
        })),
      );
    }
    const device = await this.deps.devices.edit(id, visible, edit, user.username);
    if (device === 'luminaireSerialNumberExists') throw luminaireSerialExists(edit.luminaireSerialNumber ?? '');
    if (device === 'nameExists') {
      const kind = (await this.deps.devices.get(id, visible))?.deviceType ?? 'light-point-controller';
      throw nameExists(edit.name ?? '', kind);
    }
    if (!device) throw new DomainError('DEVICE_NOT_FOUND');
    if (edit.name !== undefined) this.deps.index?.rename(id, device.name);
    return device;
  }

  async events(user: User, id: string, query: DeviceEventListQuery): Promise<Page<DeviceEvent>> {
    await this.get(user, id);
    return this.deps.events.listForDevice(id, query);
  }

  /** The conditions of the contributed filters the query sets, checked for the caller (a 404 for a group it does not see). */
  private contributed(user: User, query: DeviceFilter): Promise<BoundDeviceCondition[]> {
    return (this.deps.filters ?? NO_CONTRIBUTIONS).conditions(user, query);
  }
}

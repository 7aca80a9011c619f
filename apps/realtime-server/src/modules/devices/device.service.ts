import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import {
  BULK_DEVICES_MAX,
  DEVICE_EXPORT_COLUMNS,
  type Device,
  type DeviceEdit,
  type DeviceEvent,
  type DeviceEventListQuery,
  type DeviceExportQuery,
  type DeviceIdsQuery,
  type DeviceListQuery,
  LUMINAIRE_FIELDS,
  type MatchingDeviceIds,
  type Page,
} from '@farola/protocol';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import type { User } from '../../auth/user';
import { DomainError } from '../../platform/domain-error';
import type { EventRepository } from '../events/event.repository';
import type { ProjectService } from '../projects/project.service';
import type { DeviceRepository } from './device.repository';
import { luminaireSerialExists } from './provisioning-errors';
import type { WriteBehind } from './write-behind';

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
      /** The most ids `matchingIds` answers: what one bulk action takes. */
      matchingIdsMax?: number;
    },
  ) {}

  async list(user: User, query: DeviceListQuery): Promise<Page<Device>> {
    const visible = await this.deps.projects.scope(user);
    await this.deps.writer.settled();
    return this.deps.devices.list(query, visible);
  }

  /**
   * The ids of every device the list's filters match, in the list's order, for a bulk action on
   * all of them; past `matchingIdsMax` (BULK_DEVICES_MAX) only the first ones, marked `truncated`.
   */
  async matchingIds(user: User, query: DeviceIdsQuery): Promise<MatchingDeviceIds> {
    const visible = await this.deps.projects.scope(user);
    await this.deps.writer.settled();
    const max = this.deps.matchingIdsMax ?? BULK_DEVICES_MAX;
    const { ids, total } = await this.deps.devices.matchingIds(query, visible, max);
    return { ids, total, truncated: total > ids.length };
  }

  /**
   * Streams every matching device as CSV (`DEVICE_EXPORT_COLUMNS`), a keyset page at a time and
   * at the pace the client reads: memory stays flat whatever the fleet's size.
   */
  async exportCsv(user: User, query: DeviceExportQuery, res: Response): Promise<void> {
    const visible = await this.deps.projects.scope(user);
    await this.deps.writer.settled();
    res.status(200);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', 'attachment; filename="devices.csv"');
    const csv = stringify({ header: true, columns: [...DEVICE_EXPORT_COLUMNS] });
    csv.pipe(res);
    for await (const page of this.deps.devices.each(query, visible)) {
      for (const device of page) {
        const row = DEVICE_EXPORT_COLUMNS.map((column) => device[column] ?? '');
        if (!csv.write(row)) await once(csv, 'drain');
      }
      if (res.destroyed) break;
    }
    csv.end();
    await finished(res);
  }

  async get(user: User, id: string): Promise<Device> {
    const visible = await this.deps.projects.scope(user);
    await this.deps.writer.settled();
    const device = await this.deps.devices.get(id, visible);
    if (!device) throw new DomainError('DEVICE_NOT_FOUND');
    return device;
  }

  /**
   * A user's edit of the notes, the fixed-location flag or (a light point's) luminaire fields,
   * recorded with who made it.
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
    if (!device) throw new DomainError('DEVICE_NOT_FOUND');
    return device;
  }

  async events(user: User, id: string, query: DeviceEventListQuery): Promise<Page<DeviceEvent>> {
    await this.get(user, id);
    return this.deps.events.listForDevice(id, query);
  }
}

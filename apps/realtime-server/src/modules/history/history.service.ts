import {
  type CommandParams,
  type DeviceHistoryQuery,
  floorHour,
  type LogRecord,
  type Page,
  type QueuedRequest,
  UploadLogParamsSchema,
  type UpLogMessage,
} from '@farola/protocol';
import type { User } from '../../auth/user';
import { MessageRejection } from '../../device-link/router';
import type { DevicesService } from '../devices/contract';
import type { QueuedRequestsService } from '../requests/contract';
import type { HistoryRepository } from './history.repository';

/** The period an uploadLog request asked of its device. */
interface Upload {
  deviceId: string;
  fromMs: number;
  toMs: number;
}

/** Uploads remembered between their pages, so that a year of 53 pages reads its request once. */
const REMEMBERED_UPLOADS = 1000;

/** Counters for the health answer. */
export interface HistoryMetrics {
  pages: number;
  records: number;
  /** Pages refused after validation: no uploadLog request of that device, or records outside its period. */
  rejected: number;
}

/**
 * Logged data: pages devices publish on `up/logs` in answer to an `uploadLog` request, stored hour
 * by hour whatever order they come in and however often, and read back scoped to the caller.
 */
export class HistoryService {
  readonly metrics: HistoryMetrics = { pages: 0, records: 0, rejected: 0 };
  private readonly uploads = new Map<string, Upload>();
  /** Pages being stored: a read waits for them, so it never lags behind a DONE already seen. */
  private readonly storing = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      repository: HistoryRepository;
      devices: DevicesService;
      requests: QueuedRequestsService;
    },
  ) {}

  /**
   * A reset installation the device completed: its logged data before the new installation date
   * (local midnight where the device is) no longer exists, as on the device itself.
   */
  async installationReset(request: QueuedRequest): Promise<void> {
    if (request.command !== 'resetInstallation') return;
    const { installationDate } = request.params as CommandParams<'resetInstallation'>;
    const timeZone = validTimeZone(await this.deps.repository.timeZoneOf(request.deviceId));
    await this.deps.repository.deleteBefore(
      request.deviceId,
      new Date(localMidnight(installationDate, timeZone)).toISOString(),
    );
  }

  /** A page from a device: refused (MessageRejection) unless it answers an uploadLog of that device, within its period. */
  ingest(serialNumber: string, page: UpLogMessage): Promise<void> {
    const storing = this.store(serialNumber, page);
    this.storing.add(storing);
    const forget = () => void this.storing.delete(storing);
    storing.then(forget, forget);
    return storing;
  }

  async list(user: User, deviceId: string, query: DeviceHistoryQuery): Promise<Page<LogRecord>> {
    // Answers DEVICE_NOT_FOUND for a device outside the caller's projects.
    await this.deps.devices.reads.get(user, deviceId);
    await Promise.allSettled([...this.storing]);
    return this.deps.repository.list(deviceId, query);
  }

  private async store(serialNumber: string, page: UpLogMessage): Promise<void> {
    try {
      const device = await this.deps.devices.resolve(serialNumber);
      const upload = await this.uploadOf(page.requestId);
      if (upload?.deviceId !== device.id) {
        throw new MessageRejection({ reason: 'no uploadLog request of this device', requestId: page.requestId });
      }
      const first = floorHour(upload.fromMs);
      const outside = page.records.find(({ hour }) => Date.parse(hour) < first || Date.parse(hour) >= upload.toMs);
      if (outside) {
        throw new MessageRejection({ reason: 'record outside the requested period', hour: outside.hour });
      }
      await this.deps.repository.upsert(device.id, page.requestId, page.records);
      this.metrics.pages += 1;
      this.metrics.records += page.records.length;
    } catch (error) {
      this.metrics.rejected += 1;
      throw error;
    }
  }

  private async uploadOf(requestId: string): Promise<Upload | null> {
    const known = this.uploads.get(requestId);
    if (known) return known;
    const request = await this.deps.requests.find(requestId);
    const params = request?.command === 'uploadLog' ? UploadLogParamsSchema.safeParse(request.params) : null;
    if (!request || !params?.success) return null;
    const upload = {
      deviceId: request.deviceId,
      fromMs: Date.parse(params.data.from),
      toMs: Date.parse(params.data.to),
    };
    if (this.uploads.size >= REMEMBERED_UPLOADS) this.uploads.delete(this.uploads.keys().next().value ?? requestId);
    this.uploads.set(requestId, upload);
    return upload;
  }
}

function validTimeZone(timeZone: string | null): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - instant;
}

/**
 * The instant of 00:00 on `date` (YYYY-MM-DD) in `timeZone`.
 *
 * @example
 * new Date(localMidnight('2026-07-01', 'Europe/Madrid')).toISOString(); // '2026-06-30T22:00:00.000Z'
 */
export function localMidnight(date: string, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import {
  type CsvLanguage,
  DEVICE_CSV_COLUMN_KEYS,
  type Device,
  type DeviceCsvColumn,
  deviceCsvHeaders,
  type Project,
  spreadsheetSafe,
  VENDOR_LABELS,
} from '@farola/protocol';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import type { User } from '../../auth/user';
import type { ProjectService } from '../projects/contract';

/**
 * Each project's path from the top project the user sees ('Demo city / Old town'): names are unique
 * under one parent, so the path names one project, readably, and an import can find it again.
 */
export async function projectPaths(projects: Pick<ProjectService, 'list'>, user: User): Promise<Map<string, string>> {
  const byId = new Map<string, Project>();
  let cursor: string | undefined;
  do {
    const page = await projects.list(user, { limit: 500, ...(cursor ? { cursor } : {}) });
    for (const project of page.items) byId.set(project.id, project);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const paths = new Map<string, string>();
  const pathOf = (project: Project, seen: Set<string>): string => {
    const known = paths.get(project.id);
    if (known !== undefined) return known;
    const parent = project.parentId === null ? undefined : byId.get(project.parentId);
    const path =
      parent && !seen.has(parent.id) ? `${pathOf(parent, seen.add(project.id))} / ${project.name}` : project.name;
    paths.set(project.id, path);
    return path;
  };
  for (const project of byId.values()) pathOf(project, new Set());
  return paths;
}

/** A cell's value: text made safe to open in a spreadsheet, numbers and flags as they are, nothing as empty. */
function cellOf(
  device: Device,
  column: DeviceCsvColumn,
  projects: ReadonlyMap<string, string>,
): string | number | boolean {
  switch (column) {
    case 'vendor':
      return VENDOR_LABELS[device.vendor];
    case 'project':
      return spreadsheetSafe(projects.get(device.projectId) ?? device.projectId);
    case 'installationDate':
      // A calendar day: written as the day it is (`2021-04-12`).
      return device.installationDate?.slice(0, 10) ?? '';
    default: {
      const value = device[column];
      if (value === null || value === undefined) return '';
      return typeof value === 'string' ? spreadsheetSafe(value) : value;
    }
  }
}

/**
 * Writes the devices `pages` yields as CSV (`DEVICE_CSV_COLUMNS`, headers in `language`), a page at
 * a time and at the pace the client reads: memory stays flat whatever the fleet's size.
 */
export async function streamDeviceCsv(
  res: Response,
  pages: AsyncIterable<Device[]>,
  options: { language: CsvLanguage; projects: ReadonlyMap<string, string> },
): Promise<void> {
  res.status(200);
  res.setHeader('content-type', 'text/csv; charset=utf-8');
  res.setHeader('content-disposition', 'attachment; filename="devices.csv"');
  // The byte-order mark makes spreadsheets read the file as UTF-8 ('Número de serie', 'Gràcia').
  const csv = stringify({ bom: true, cast: { boolean: (value) => String(value) } });
  csv.pipe(res);
  csv.write(deviceCsvHeaders(options.language));
  for await (const page of pages) {
    for (const device of page) {
      const row = DEVICE_CSV_COLUMN_KEYS.map((column) => cellOf(device, column, options.projects));
      if (!csv.write(row)) await once(csv, 'drain');
    }
    if (res.destroyed) break;
  }
  csv.end();
  await finished(res);
}

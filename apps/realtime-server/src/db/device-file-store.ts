import type { Page, PageQuery } from '@farola/protocol';
import { z } from 'zod';
import type { Queryable } from './database';
import { Conditions, decodeCursor, encodeCursor, iso, isoKey } from './rows';

/**
 * The tables holding files attached to devices, each with the columns of `device_photos`
 * (016_device_photos.sql): id, device_id, project_id, filename, caption, content_type, size,
 * content, uploaded_by, uploaded_at. A table of its own per kind keeps each kind's checks and
 * extra columns (a document's category) in its migration.
 */
export type DeviceFileTable = 'device_photos';

/** A stored file's metadata, without its bytes. */
export interface StoredFile {
  id: string;
  deviceId: string;
  projectId: string;
  filename: string;
  caption: string | null;
  contentType: string;
  size: number;
  uploadedBy: string;
  uploadedAt: string;
}

export interface NewFile {
  deviceId: string;
  projectId: string;
  filename: string;
  caption: string | null;
  contentType: string;
  bytes: Uint8Array;
  uploadedBy: string;
}

interface FileRow {
  id: string;
  device_id: string;
  project_id: string;
  filename: string;
  caption: string | null;
  content_type: string;
  size: number;
  uploaded_by: string;
  uploaded_at: Date;
  sort_key: string;
}

/** Newest first, the id breaking ties; the cursor names this order so it cannot be replayed against another. */
const NEWEST_FIRST = '-uploadedAt';
const CursorKeySchema = z.tuple([z.iso.datetime(), z.guid()]);
const METADATA = `id, device_id, project_id, filename, caption, content_type, size, uploaded_by, uploaded_at,
  ${isoKey('uploaded_at')} AS sort_key`;

const toFile = (row: FileRow): StoredFile => ({
  id: row.id,
  deviceId: row.device_id,
  projectId: row.project_id,
  filename: row.filename,
  caption: row.caption,
  contentType: row.content_type,
  size: row.size,
  uploadedBy: row.uploaded_by,
  uploadedAt: iso(row.uploaded_at),
});

/**
 * Files attached to devices, bytes and metadata in one table row. Lists and reads of metadata
 * never load the bytes; `content` reads them for one file. Callers check who may see the device.
 */
export class DeviceFileStore {
  constructor(
    private readonly db: Queryable,
    private readonly table: DeviceFileTable,
  ) {}

  async insert(file: NewFile): Promise<StoredFile> {
    const [row] = await this.db.query<FileRow>(
      `INSERT INTO ${this.table} (device_id, project_id, filename, caption, content_type, size, content, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${METADATA}`,
      [
        file.deviceId,
        file.projectId,
        file.filename,
        file.caption,
        file.contentType,
        file.bytes.length,
        file.bytes,
        file.uploadedBy,
      ],
    );
    if (!row) throw new Error(`inserting into ${this.table} returned no row`);
    return toFile(row);
  }

  /** A device's files, newest first. */
  async list(deviceId: string, query: PageQuery): Promise<Page<StoredFile>> {
    const filters = new Conditions();
    filters.add(`device_id = ${filters.param(deviceId)}::uuid`);
    const total = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.table} ${filters.where()}`,
      filters.params,
    );
    if (query.cursor) {
      const [uploadedAt, id] = decodeCursor(query.cursor, NEWEST_FIRST, CursorKeySchema);
      filters.add(`(uploaded_at, id) < (${filters.param(uploadedAt)}::timestamptz, ${filters.param(id)}::uuid)`);
    }
    const rows = await this.db.query<FileRow>(
      `SELECT ${METADATA} FROM ${this.table} ${filters.where()}
       ORDER BY uploaded_at DESC, id DESC LIMIT ${query.limit + 1}`,
      filters.params,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toFile),
      nextCursor: rows.length > query.limit && last ? encodeCursor(NEWEST_FIRST, [last.sort_key, last.id]) : null,
      total: total[0]?.n ?? 0,
    };
  }

  async get(id: string): Promise<StoredFile | null> {
    const [row] = await this.db.query<FileRow>(`SELECT ${METADATA} FROM ${this.table} WHERE id = $1::uuid`, [id]);
    return row ? toFile(row) : null;
  }

  /** The file's bytes (PGlite gives a Uint8Array, node-postgres a Buffer). */
  async content(id: string): Promise<Buffer | null> {
    const [row] = await this.db.query<{ content: Uint8Array }>(
      `SELECT content FROM ${this.table} WHERE id = $1::uuid`,
      [id],
    );
    return row ? Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) : null;
  }

  async setCaption(id: string, caption: string | null): Promise<StoredFile | null> {
    const [row] = await this.db.query<FileRow>(
      `UPDATE ${this.table} SET caption = $2 WHERE id = $1::uuid RETURNING ${METADATA}`,
      [id, caption],
    );
    return row ? toFile(row) : null;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.query(`DELETE FROM ${this.table} WHERE id = $1::uuid RETURNING id`, [id]);
    return rows.length > 0;
  }
}

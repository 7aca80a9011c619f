import type { DeviceStatus } from '@farola/protocol';
import type { Database } from '../../db/database';

/** One device whose status changed: from what. */
export interface StatusChange {
  id: string;
  from: DeviceStatus;
}

/** Status and disable writes, many devices per statement. */
export class LifecycleRepository {
  constructor(private readonly db: Database) {}

  /**
   * Moves the devices still in one of `from` (and not disabled) to `to`; a device that moved
   * meanwhile is left alone. `ready` records the installation date.
   */
  async move(ids: readonly string[], from: readonly DeviceStatus[], to: DeviceStatus): Promise<StatusChange[]> {
    if (ids.length === 0) return [];
    return this.db.query<StatusChange>(
      `UPDATE devices d SET status = $3,
         installation_date = CASE WHEN $3 = 'ready' THEN now() ELSE d.installation_date END
       FROM (SELECT id, status FROM devices WHERE id = ANY($1::uuid[]) AND status = ANY($2::text[]) AND NOT disabled
             FOR UPDATE) AS old
       WHERE d.id = old.id
       RETURNING d.id, old.status AS "from"`,
      [ids, from, to],
    );
  }

  /** Disables the devices not disabled yet and records them disconnected; returns those it disabled. */
  async disable(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<{ id: string }>(
      // Stamped now, so that a connection the write-behind has yet to write (older) cannot reconnect it.
      `UPDATE devices SET disabled = true, connected = false, disconnected_at = now()
       WHERE id = ANY($1::uuid[]) AND NOT disabled RETURNING id`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Moves devices to another project, and their requests still in progress with them (in the same
   * transaction), so that they are listed under the new project only.
   */
  async changeProject(ids: readonly string[], projectId: string): Promise<string[]> {
    if (ids.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string }>(
        'UPDATE devices SET project_id = $2 WHERE id = ANY($1::uuid[]) RETURNING id',
        [ids, projectId],
      );
      const moved = rows.map((row) => row.id);
      await tx.query(
        `UPDATE queued_requests SET project_id = $2
         WHERE device_id = ANY($1::uuid[]) AND status = 'IN_PROGRESS' AND project_id <> $2`,
        [moved, projectId],
      );
      return moved;
    });
  }

  /** The requests still in progress of these devices. */
  async requestsInProgress(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM queued_requests WHERE device_id = ANY($1::uuid[]) AND status = 'IN_PROGRESS'`,
      [ids],
    );
    return rows.map((row) => row.id);
  }
}

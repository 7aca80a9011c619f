import type { DeviceStatus, ErrorCode, InstallationFailureRecord } from '@farola/protocol';
import type { Database } from '../../db/database';
import { iso } from '../../db/rows';

/** One device whose status changed: from what, and its installation date when the move set it. */
export interface StatusChange {
  id: string;
  from: DeviceStatus;
  installationDate: string | null;
}

/**
 * The devices' status, installation, disable and project writes, many devices per statement: the
 * devices module owns its tables, and the lifecycle module asks for these through its service.
 */
export class DeviceStatusRepository {
  constructor(private readonly db: Database) {}

  /**
   * Moves the devices still in one of `from` (and not disabled) to `to`; a device that moved
   * meanwhile is left alone, and so, with `afterFailedInstallation`, is one whose installation has
   * not failed. Every move clears the installation failure; `ready` records today (UTC) as the
   * installation date.
   */
  async move(
    ids: readonly string[],
    from: readonly DeviceStatus[],
    to: DeviceStatus,
    afterFailedInstallation = false,
  ): Promise<StatusChange[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<{ id: string; from: DeviceStatus; installation_date: Date | null }>(
      `UPDATE devices d SET status = $3,
         installation_date = CASE WHEN $3 = 'ready' THEN date_trunc('day', now(), 'UTC') ELSE d.installation_date END,
         installation_failure = NULL, installation_failed_at = NULL
       FROM (SELECT id, status FROM devices WHERE id = ANY($1::uuid[]) AND status = ANY($2::text[]) AND NOT disabled
               AND (NOT $4 OR installation_failure IS NOT NULL)
             FOR UPDATE) AS old
       WHERE d.id = old.id
       RETURNING d.id, old.status AS "from", CASE WHEN $3 = 'ready' THEN d.installation_date END AS installation_date`,
      [ids, from, to, afterFailedInstallation],
    );
    return rows.map((row) => ({
      id: row.id,
      from: row.from,
      installationDate: row.installation_date ? iso(row.installation_date) : null,
    }));
  }

  /** Records why a device's installation failed, if it is still in installation; the failure, or null. */
  async recordInstallationFailure(
    deviceId: string,
    code: ErrorCode,
    at: string,
  ): Promise<InstallationFailureRecord | null> {
    const rows = await this.db.query<{ installation_failed_at: Date }>(
      `UPDATE devices d SET installation_failure = $2, installation_failed_at = $3
       WHERE d.id = $1 AND d.status = 'installation' AND NOT d.disabled
       RETURNING d.installation_failed_at`,
      [deviceId, code, at],
    );
    return rows[0] ? { code, at: iso(rows[0].installation_failed_at) } : null;
  }

  /**
   * Sets the day a completed `resetInstallation` chose (`YYYY-MM-DD`) as the device's installation
   * date (00:00 UTC of that day, as every installation date). The date set, or null.
   */
  async resetInstallationDate(deviceId: string, date: string): Promise<string | null> {
    const rows = await this.db.query<{ installation_date: Date }>(
      `UPDATE devices d SET installation_date = ($2::date)::timestamp AT TIME ZONE 'UTC'
       WHERE d.id = $1 AND NOT d.disabled
       RETURNING d.installation_date`,
      [deviceId, date],
    );
    return rows[0] ? iso(rows[0].installation_date) : null;
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

  /** Moves devices to another project; returns those it moved. */
  async changeProject(ids: readonly string[], projectId: string): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<{ id: string }>(
      'UPDATE devices SET project_id = $2 WHERE id = ANY($1::uuid[]) RETURNING id',
      [ids, projectId],
    );
    return rows.map((row) => row.id);
  }
}

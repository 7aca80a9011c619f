import type { Gateway, GatewayListQuery, Page } from '@farola/protocol';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { Conditions, decodeCursor, encodeCursor, iso, likePattern, type ProjectScope } from '../../db/rows';
import type { CredentialKind, StoredCredential } from './credential-store';

interface GatewayRow {
  id: string;
  gateway_id: string;
  project_id: string;
  name: string;
  devices: number;
  created_at: Date;
}

function toGateway(row: GatewayRow): Gateway {
  return {
    id: row.id,
    gatewayId: row.gateway_id,
    projectId: row.project_id,
    name: row.name,
    devices: row.devices,
    createdAt: iso(row.created_at),
  };
}

const GATEWAY_COLUMNS = `g.id, g.gateway_id, g.project_id, g.name, g.created_at,
  (SELECT count(*)::int FROM devices d WHERE d.gateway_id = g.gateway_id) AS devices`;

/** Gateways and the hashed MQTT credentials of devices and gateways. */
export class ProvisioningRepository {
  constructor(private readonly db: Queryable) {}

  async loadCredentials(): Promise<StoredCredential[]> {
    const rows = await this.db.query<{ username: string; kind: CredentialKind; password_hash: string }>(
      'SELECT username, kind, password_hash FROM device_credentials',
    );
    return rows.map((row) => ({ username: row.username, kind: row.kind, passwordHash: row.password_hash }));
  }

  /**
   * The database's key for the passwords' keyed hashes: `candidate` when none was stored yet, else
   * the one stored (by this process earlier, or by another server process beside it).
   */
  async credentialKey(candidate: Buffer): Promise<Buffer> {
    await this.db.query(
      `INSERT INTO device_credential_key (key) VALUES (decode($1, 'base64')) ON CONFLICT (singleton) DO NOTHING`,
      [candidate.toString('base64')],
    );
    const [row] = await this.db.query<{ key: string }>(
      `SELECT encode(key, 'base64') AS key FROM device_credential_key`,
    );
    if (!row) throw new Error('the credential key was not stored');
    return Buffer.from(row.key.replace(/\s/g, ''), 'base64');
  }

  /** Of these user names, those that hold credentials already (a device's or a gateway's). */
  async takenUsernames(usernames: readonly string[]): Promise<Set<string>> {
    if (usernames.length === 0) return new Set();
    const rows = await this.db.query<{ username: string }>(
      'SELECT username FROM device_credentials WHERE username = ANY($1::text[])',
      [usernames],
    );
    return new Set(rows.map((row) => row.username));
  }

  /** Stores many new credentials in one statement; the user names stored (a taken one is left out). */
  async insertCredentials(credentials: readonly StoredCredential[]): Promise<Set<string>> {
    if (credentials.length === 0) return new Set();
    const rows = await this.db.query<{ username: string }>(
      `INSERT INTO device_credentials (username, kind, password_hash)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
       ON CONFLICT (username) DO NOTHING RETURNING username`,
      [credentials.map((c) => c.username), credentials.map((c) => c.kind), credentials.map((c) => c.passwordHash)],
    );
    return new Set(rows.map((row) => row.username));
  }

  /**
   * Replaces stored hashes by new forms of the same passwords (a scrypt hash by its keyed hash), each
   * only while the old one is still stored: a rotation meanwhile, here or in another process, wins.
   */
  async replaceHashes(changes: readonly { username: string; from: string; to: string }[]): Promise<void> {
    if (changes.length === 0) return;
    await this.db.query(
      `UPDATE device_credentials c SET password_hash = r.to_hash
       FROM unnest($1::text[], $2::text[], $3::text[]) AS r(username, from_hash, to_hash)
       WHERE c.username = r.username AND c.password_hash = r.from_hash`,
      [changes.map((c) => c.username), changes.map((c) => c.from), changes.map((c) => c.to)],
    );
  }

  /** Stores new credentials; false when the user name is taken (by a device or a gateway). */
  async insertCredential(credential: StoredCredential): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO device_credentials (username, kind, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (username) DO NOTHING RETURNING username`,
      [credential.username, credential.kind, credential.passwordHash],
    );
    return rows.length === 1;
  }

  /** Replaces a credential's password (or creates it, for a device provisioned before credentials existed). */
  async saveCredential(credential: StoredCredential): Promise<void> {
    await this.db.query(
      `INSERT INTO device_credentials (username, kind, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()
       WHERE device_credentials.kind = EXCLUDED.kind`,
      [credential.username, credential.kind, credential.passwordHash],
    );
  }

  /** Inserts a gateway; null when its gateway id exists. */
  async insertGateway(gateway: { gatewayId: string; projectId: string; name: string }): Promise<Gateway | null> {
    const rows = await this.db.query<GatewayRow>(
      `WITH g AS (
         INSERT INTO gateways (gateway_id, project_id, name) VALUES ($1, $2, $3)
         ON CONFLICT (gateway_id) DO NOTHING RETURNING *)
       SELECT g.id, g.gateway_id, g.project_id, g.name, g.created_at, 0 AS devices FROM g`,
      [gateway.gatewayId, gateway.projectId, gateway.name],
    );
    return rows[0] ? toGateway(rows[0]) : null;
  }

  async gateway(id: string, visible: ProjectScope): Promise<Gateway | null> {
    const filters = new Conditions();
    filters.add(`g.id = ${filters.param(id)}`);
    filters.inScope('g.project_id', visible);
    const rows = await this.db.query<GatewayRow>(
      `SELECT ${GATEWAY_COLUMNS} FROM gateways g ${filters.where()}`,
      filters.params,
    );
    return rows[0] ? toGateway(rows[0]) : null;
  }

  async gatewayByGatewayId(gatewayId: string, visible: ProjectScope): Promise<Gateway | null> {
    const filters = new Conditions();
    filters.add(`g.gateway_id = ${filters.param(gatewayId)}`);
    filters.inScope('g.project_id', visible);
    const rows = await this.db.query<GatewayRow>(
      `SELECT ${GATEWAY_COLUMNS} FROM gateways g ${filters.where()}`,
      filters.params,
    );
    return rows[0] ? toGateway(rows[0]) : null;
  }

  /** Gateways by gateway id, with a keyset cursor; `q` matches the gateway id and the name. */
  async listGateways(query: GatewayListQuery, visible: ProjectScope): Promise<Page<Gateway>> {
    const filters = new Conditions();
    filters.inScope('g.project_id', visible);
    if (query.q) {
      const pattern = filters.param(likePattern(query.q));
      filters.add(`(g.gateway_id ILIKE ${pattern} OR g.name ILIKE ${pattern})`);
    }
    const total = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM gateways g ${filters.where()}`,
      filters.params,
    );
    if (query.cursor) {
      const [key] = decodeCursor(query.cursor, 'gatewayId', z.tuple([z.string()]));
      filters.add(`g.gateway_id > ${filters.param(key)}`);
    }
    const rows = await this.db.query<GatewayRow>(
      `SELECT ${GATEWAY_COLUMNS} FROM gateways g ${filters.where()} ORDER BY g.gateway_id LIMIT ${query.limit + 1}`,
      filters.params,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toGateway),
      nextCursor: rows.length > query.limit && last ? encodeCursor('gatewayId', [last.gateway_id]) : null,
      total: total[0]?.n ?? 0,
    };
  }

  /** Deletes the credentials of these user names (disabled devices). */
  async deleteCredentials(usernames: readonly string[]): Promise<void> {
    if (usernames.length === 0) return;
    await this.db.query('DELETE FROM device_credentials WHERE username = ANY($1::text[])', [usernames]);
  }
}

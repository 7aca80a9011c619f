import type { DirectoryUser, Page, ProjectPermission, ProjectRole, UserListQuery } from '@farola/protocol';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { Conditions, decodeCursor, encodeCursor, isoOrNull, likePattern } from '../../db/rows';

const CursorKeySchema = z.tuple([z.string(), z.string()]);

interface UserRow {
  id: string;
  username: string;
  given_name: string;
  family_name: string;
  email: string;
  last_seen_at: Date | null;
}

function toUser(row: UserRow): DirectoryUser {
  return {
    id: row.id,
    username: row.username,
    givenName: row.given_name,
    familyName: row.family_name,
    email: row.email,
    lastSeenAt: isoOrNull(row.last_seen_at),
  };
}

/** A profile as recorded: who, and when last seen (null for a user seeded before signing in). */
export type UserProfile = Omit<DirectoryUser, 'lastSeenAt'>;

/** The user directory (`users`) and project permissions (`project_members`). */
export class UserRepository {
  constructor(private readonly db: Queryable) {}

  /** Records a profile; `seen` stamps it as seen now, otherwise an existing stamp stays. */
  async upsert(profile: UserProfile, seen: boolean): Promise<void> {
    await this.db.query(
      `INSERT INTO users (id, username, given_name, family_name, email, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 THEN now() END)
       ON CONFLICT (id) DO UPDATE SET username = $2, given_name = $3, family_name = $4, email = $5,
         last_seen_at = CASE WHEN $6 THEN now() ELSE users.last_seen_at END`,
      [profile.id, profile.username, profile.givenName, profile.familyName, profile.email, seen],
    );
  }

  async get(id: string): Promise<DirectoryUser | null> {
    const rows = await this.db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  /** By user name (case-insensitive, then id) with a keyset cursor; `q` matches user name, names or e-mail. */
  async list(query: UserListQuery): Promise<Page<DirectoryUser>> {
    const filters = new Conditions();
    if (query.q) {
      const like = filters.param(likePattern(query.q));
      filters.add(
        `(username ILIKE ${like} OR given_name ILIKE ${like} OR family_name ILIKE ${like} OR email ILIKE ${like}
          OR (given_name || ' ' || family_name) ILIKE ${like})`,
      );
    }
    const total = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users ${filters.where()}`,
      filters.params,
    );
    if (query.cursor) {
      const [name, id] = decodeCursor(query.cursor, 'username', CursorKeySchema);
      filters.add(`(lower(username), id) > (${filters.param(name)}, ${filters.param(id)})`);
    }
    const rows = await this.db.query<UserRow>(
      `SELECT * FROM users ${filters.where()} ORDER BY lower(username), id LIMIT ${query.limit + 1}`,
      filters.params,
    );
    const items = rows.slice(0, query.limit).map(toUser);
    const last = items.at(-1);
    return {
      items,
      nextCursor:
        rows.length > query.limit && last ? encodeCursor('username', [last.username.toLowerCase(), last.id]) : null,
      total: total[0]?.n ?? 0,
    };
  }

  /** The user's permissions on the given projects (every project when `projectIds` is null), by project name. */
  async permissions(userId: string, projectIds: readonly string[] | null): Promise<ProjectPermission[]> {
    const filters = new Conditions();
    filters.add(`m.user_id = ${filters.param(userId)}`);
    if (projectIds) filters.add(`m.project_id = ANY(${filters.param(projectIds)}::uuid[])`);
    const rows = await this.db.query<{ project_id: string; name: string; role: ProjectRole }>(
      `SELECT m.project_id, p.name, m.role FROM project_members m JOIN projects p ON p.id = m.project_id
       ${filters.where()} ORDER BY p.name, p.id`,
      filters.params,
    );
    return rows.map((row) => ({ projectId: row.project_id, projectName: row.name, role: row.role }));
  }

  async roleOn(userId: string, projectId: string): Promise<ProjectRole | null> {
    const rows = await this.db.query<{ role: ProjectRole }>(
      'SELECT role FROM project_members WHERE user_id = $1 AND project_id = $2',
      [userId, projectId],
    );
    return rows[0]?.role ?? null;
  }

  async setRole(userId: string, projectId: string, role: ProjectRole): Promise<void> {
    await this.db.query(
      `INSERT INTO project_members (project_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (project_id, user_id) DO UPDATE SET role = $3`,
      [projectId, userId, role],
    );
  }

  /** Withdraws the permission; false when the user held none there. */
  async removeRole(userId: string, projectId: string): Promise<boolean> {
    const rows = await this.db.query(
      'DELETE FROM project_members WHERE user_id = $1 AND project_id = $2 RETURNING project_id',
      [userId, projectId],
    );
    return rows.length > 0;
  }

  /** Projects where the user holds 'admin', and all their descendants. */
  async administeredProjectIds(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `WITH RECURSIVE administered AS (
         SELECT project_id AS id FROM project_members WHERE user_id = $1 AND role = 'admin'
         UNION SELECT p.id FROM projects p JOIN administered a ON p.parent_id = a.id)
       SELECT id FROM administered`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  /** Seeds a permission unless the user already holds one on the project (the demo's seed). */
  async seedRole(userId: string, projectId: string, role: ProjectRole): Promise<void> {
    await this.db.query(
      `INSERT INTO project_members (project_id, user_id, role)
       SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM projects WHERE id = $1)
       ON CONFLICT (project_id, user_id) DO NOTHING`,
      [projectId, userId, role],
    );
  }
}

import type { DirectoryUser, Page, UserListQuery } from '@farola/protocol';
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

/** The user directory (`users`); project permissions are the projects module's (`ProjectMembers`). */
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
}

import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './database';

// Any fixed number works; it only has to be the same in every replica.
const MIGRATION_LOCK_KEY = 7_140_117;

/**
 * Migrations applied before modules had their own folders, and the modules' migrations that
 * replaced them: a database that recorded the old name already holds what the new ones create.
 */
const REPLACED = {
  '001_initial.sql': ['001_projects.sql', '003_devices.sql', '004_device_events.sql', '005_queued_requests.sql'],
} as const satisfies Record<string, readonly string[]>;

interface Migration {
  name: string;
  file: URL;
}

async function migrationsIn(folders: readonly URL[]): Promise<Migration[]> {
  const found = new Map<string, Migration>();
  for (const folder of folders) {
    for (const name of (await readdir(folder)).filter((file) => file.endsWith('.sql'))) {
      const file = new URL(name, folder);
      const other = found.get(name);
      if (other) throw new Error(`migration ${name} exists twice: ${other.file.pathname} and ${file.pathname}`);
      found.set(name, { name, file });
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Applies the SQL files of the modules' migration folders once each, in name order across all
 * folders (names start with a number shared by every module: `003_devices.sql`), so a table is
 * created before the tables of later modules that reference it. The transaction-scoped advisory
 * lock makes a second replica starting at the same time wait, then find nothing to do.
 */
export async function migrate(db: Database, folders: readonly URL[]): Promise<string[]> {
  const migrations = await migrationsIn(folders);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    for (const [old, replacements] of Object.entries(REPLACED)) {
      if (!done.has(old)) continue;
      for (const name of replacements.filter((replacement) => !done.has(replacement))) {
        await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
        done.add(name);
      }
    }
    const applied: string[] = [];
    for (const migration of migrations.filter(({ name }) => !done.has(name))) {
      await tx.exec(await readFile(migration.file, 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      applied.push(migration.name);
    }
    return applied;
  });
}

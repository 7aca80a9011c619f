import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './database';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
// Any fixed number works; it only has to be the same in every replica.
const MIGRATION_LOCK_KEY = 7_140_117;

/**
 * Applies the SQL files of db/migrations in name order, once each. The transaction-scoped
 * advisory lock makes a second replica starting at the same time wait, then find nothing to do.
 */
export async function migrate(db: Database): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files.filter((name) => !done.has(name))) {
      await tx.exec(await readFile(new URL(file, MIGRATIONS_DIR), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

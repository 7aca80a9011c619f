import type { Queryable } from '../../db/database';

/** The database's installation id, made once by its migration (`023_installation.sql`). */
export async function readInstallationId(db: Queryable): Promise<string> {
  const [row] = await db.query<{ id: string }>('SELECT id FROM installation');
  if (!row) throw new Error('the installation table has no row: its migration did not run');
  return row.id;
}

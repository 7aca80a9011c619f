import type { Queryable } from '../../db/database';

/** How a deletion of a row that may be its project's default ended. */
export type DefaultDeletion = 'deleted' | 'default' | 'missing';

/**
 * Deletes a row of a table with an `is_default` flag (calendars, groups) unless it is its project's
 * default, in one statement, and says which: deleted, kept as the default, or not there. A foreign
 * key that still needs the row fails the statement (the caller names the refusal).
 */
export async function deleteUnlessDefault(
  db: Queryable,
  table: 'calendars' | 'device_groups',
  id: string,
): Promise<DefaultDeletion> {
  const [row] = await db.query<{ is_default: boolean }>(
    `WITH gone AS (DELETE FROM ${table} WHERE id = $1 AND NOT is_default RETURNING id)
     SELECT t.is_default FROM ${table} t WHERE t.id = $1 AND NOT EXISTS (SELECT 1 FROM gone)
     UNION ALL SELECT false FROM gone`,
    [id],
  );
  if (!row) return 'missing';
  return row.is_default ? 'default' : 'deleted';
}

import type { Page, PageQuery } from '@farola/protocol';
import { z } from 'zod';
import type { Queryable } from './database';
import { type Conditions, decodeCursor, encodeCursor } from './rows';

const NameKeySchema = z.tuple([z.string(), z.guid()]);

export interface NamePageQuery extends Pick<PageQuery, 'limit' | 'cursor'> {
  sort?: 'name' | '-name' | undefined;
}

/**
 * One page of rows sorted by `name` then `id` (`sort=-name` reverses), with a keyset cursor and
 * the total under `filters`: the lists of things people name (projects, control programs,
 * calendars). `from` is the table or join the rows come from, its columns `name` and `id`.
 *
 * @example
 * pageByName(db, { select: 'SELECT * FROM projects', from: 'projects' }, query, filters, toProject);
 */
export async function pageByName<R extends { name: string; id: string }, T>(
  db: Queryable,
  source: { select: string; from: string },
  query: NamePageQuery,
  filters: Conditions,
  toItem: (row: R) => T,
): Promise<Page<T>> {
  const [total] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${source.from} ${filters.where()}`,
    filters.params,
  );
  const sort = query.sort ?? 'name';
  const descending = sort === '-name';
  if (query.cursor) {
    const [name, id] = decodeCursor(query.cursor, sort, NameKeySchema);
    filters.add(`(name, id) ${descending ? '<' : '>'} (${filters.param(name)}, ${filters.param(id)}::uuid)`);
  }
  const order = descending ? 'DESC' : 'ASC';
  const rows = await db.query<R>(
    `${source.select} ${filters.where()} ORDER BY name ${order}, id ${order} LIMIT ${query.limit + 1}`,
    filters.params,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > query.limit && last ? encodeCursor(sort, [last.name, last.id]) : null,
    total: total?.n ?? 0,
  };
}

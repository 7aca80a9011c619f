import { z } from 'zod';
import { text } from './primitives';

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 500;

/**
 * `?sort=` for a list: one of the fields its repository orders by, with `-` in front for descending.
 *
 * @example
 * sortSchema('name', 'createdAt').parse('-createdAt'); // '-createdAt'
 */
export function sortSchema<const F extends string>(...fields: [F, ...F[]]) {
  const sorts = fields.flatMap((field) => [field, `-${field}` as const]);
  return z.enum(sorts as [F | `-${F}`, ...(F | `-${F}`)[]]);
}

/**
 * The query every list accepts: `?limit=&cursor=&q=&sort=`. Cursors are opaque strings. A list
 * has one fixed order unless its schema overrides `sort` with `sortSchema(...)`; any other sort is
 * refused rather than silently ignored.
 *
 * @example
 * PageQuerySchema.parse({ limit: '20' }); // { limit: 20 }
 * PageQuerySchema.extend({ sort: sortSchema('name').optional() }).parse({ sort: '-name' });
 */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: text().min(1).max(500).optional(),
  q: text().trim().max(200).optional(),
  sort: z.undefined({ error: 'This list has a fixed order and takes no sort' }).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The shape of every list answer: `{ items, nextCursor, total }`; `nextCursor` is null on the last page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextCursor: text().nullable(),
    total: z.number().int().min(0),
  });
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

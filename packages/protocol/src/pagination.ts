import { z } from 'zod';

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 500;

/**
 * The query every list accepts: `?limit=&cursor=&q=&sort=`. Cursors are opaque strings.
 *
 * @example
 * PageQuerySchema.parse({ limit: '20' }); // { limit: 20 }
 */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: z.string().min(1).max(500).optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.string().max(100).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The shape of every list answer: `{ items, nextCursor, total }`; `nextCursor` is null on the last page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    total: z.number().int().min(0),
  });
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

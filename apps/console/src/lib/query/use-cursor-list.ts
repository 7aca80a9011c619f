import type { Page } from '@farola/protocol';
import { keepPreviousData, useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';

/** A cursor-paged list as the query cache holds it: the pages read so far, each with its cursor. */
export type CursorPages<T> = InfiniteData<Page<T>, string | undefined>;

export interface CursorListOptions<T> {
  /** Where the pages live in the cache; the list's query (filters, sort) belongs in it. */
  queryKey: QueryKey;
  /** Reads one page: the first with `cursor` undefined, the next with the cursor the last one gave. */
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>;
  /** Keep the previous query's rows on screen while the next query loads, instead of a flash of nothing. */
  keepPrevious?: boolean;
  /** How long a read stays fresh (the client's default otherwise); 0 reads again on every showing. */
  staleTime?: number;
}

/** What a paged list shows: its rows so far and what the server says about the rest. */
export interface CursorList<T> {
  items: readonly T[];
  /** How many rows match in all, once the first page has said so. */
  total: number | undefined;
  /** Whether the server has another page ('Show more'); false once it has said 'No more data'. */
  hasMore: boolean;
  /** The first page is on its way and nothing is shown yet. */
  isLoading: boolean;
  /** The next page is on its way. */
  isFetchingMore: boolean;
  /** Why the last read failed, while it stands. */
  error: Error | null;
  showMore: () => void;
  /** Reads the list again from its first page. */
  retry: () => void;
}

/**
 * One list read page by page with the server's cursors (`?cursor=` → `{ items, nextCursor, total }`,
 * packages/protocol `pagination.ts`): the first page when shown, the next on `showMore`.
 *
 * @example
 * const list = useCursorList({
 *   queryKey: queryKeys.deviceEvents(deviceId),
 *   fetchPage: (cursor) => fetchDeviceEvents(deviceId, cursor),
 * });
 * <DataTable list={list} columns={EVENT_COLUMNS} … />
 */
export function useCursorList<T>(options: CursorListOptions<T>): CursorList<T> {
  const { queryKey, fetchPage, keepPrevious = false, staleTime } = options;
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: Page<T>) => page.nextCursor ?? undefined,
    ...(keepPrevious && { placeholderData: keepPreviousData }),
    ...(staleTime !== undefined && { staleTime }),
  });
  const { data, fetchNextPage, refetch } = query;
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  return {
    items,
    total: data?.pages[0]?.total,
    hasMore: query.hasNextPage,
    isLoading: query.isPending,
    isFetchingMore: query.isFetchingNextPage,
    error: query.isError ? query.error : null,
    showMore: () => void fetchNextPage(),
    retry: () => void refetch(),
  };
}

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '@/lib/query/query-client';
import { searchUsers } from './api';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Find user: the search text, and the matching users page by page ('Show more'). */
export function useUserSearch() {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = useInfiniteQuery({
    queryKey: queryKeys.userSearch(q),
    queryFn: ({ pageParam }) => searchUsers(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The previous results stay while the next search runs, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });
  return {
    text,
    setText,
    users: query.data?.pages.flatMap((page) => page.items) ?? [],
    total: query.data?.pages[0]?.total ?? 0,
    hasMore: query.hasNextPage,
    isLoading: query.isPending,
    isFetchingMore: query.isFetchingNextPage,
    error: query.isError ? query.error : null,
    showMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}

import { useState } from 'react';
import { queryKeys } from '@/lib/query/query-client';
import { useCursorList } from '@/lib/query/use-cursor-list';
import { searchUsers } from './api';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Find user: the search text, and the matching users page by page ('Show more'). */
export function useUserSearch() {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const list = useCursorList({
    queryKey: queryKeys.userSearch(q),
    fetchPage: (cursor) => searchUsers(q, cursor),
    // The previous results stay while the next search runs, so the list does not flash empty.
    keepPrevious: true,
  });
  return { text, setText, list };
}

import type { QueuedRequest } from '@farola/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/query/query-client';
import { useCursorList, type CursorPages } from '@/lib/query/use-cursor-list';
import { realtime } from '@/lib/realtime/live';
import { bufferAnimationFrame } from '@/lib/realtime/buffer-animation-frame';
import { fetchQueuedRequests } from './api';
import { requestsQuery, type RequestFilters } from './request-filters';

type RequestPages = CursorPages<QueuedRequest>;

/** How often at most the list is read again for requests queued since it was loaded. */
const NEW_REQUESTS_REFRESH_MS = 5000;

/** The requests with any of `updates` applied (a later state wins); returns the unknown updates. */
export function applyRequestUpdates(
  pages: RequestPages | undefined,
  updates: readonly QueuedRequest[],
): { pages: RequestPages | undefined; unknown: QueuedRequest[] } {
  if (!pages) return { pages, unknown: [] };
  const byId = new Map(updates.map((request) => [request.id, request]));
  const seen = new Set<string>();
  const next = {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      items: page.items.map((request) => {
        const update = byId.get(request.id);
        if (!update) return request;
        seen.add(request.id);
        return Date.parse(update.updatedAt) >= Date.parse(request.updatedAt) ? update : request;
      }),
    })),
  };
  return { pages: next, unknown: updates.filter((request) => !seen.has(request.id)) };
}

/**
 * The queued requests screen's list, newest first, live: a listed request follows its device's
 * progress as it happens; requests queued since the load bring the list's first page again
 * (at most every 5 s).
 */
export function useQueuedRequests(filters: RequestFilters) {
  const queryClient = useQueryClient();
  const query = requestsQuery(filters);
  const key = queryKeys.queuedRequests(query);
  const list = useCursorList({
    queryKey: key,
    fetchPage: (cursor) => fetchQueuedRequests(query, cursor),
    staleTime: 0,
  });
  const keyText = JSON.stringify(key);
  useEffect(() => {
    const listKey = JSON.parse(keyText) as readonly unknown[];
    let lastReload = 0;
    let reload: ReturnType<typeof setTimeout> | undefined;
    const subscription = realtime
      .event$('DeviceCommandRequested')
      .pipe(bufferAnimationFrame())
      .subscribe((events) => {
        const { pages, unknown } = applyRequestUpdates(
          queryClient.getQueryData<RequestPages>(listKey),
          events.map((event) => event.request),
        );
        queryClient.setQueryData(listKey, pages);
        if (unknown.length === 0 || reload !== undefined) return;
        reload = setTimeout(
          () => {
            reload = undefined;
            lastReload = Date.now();
            void queryClient.invalidateQueries({ queryKey: listKey });
          },
          Math.max(0, lastReload + NEW_REQUESTS_REFRESH_MS - Date.now()),
        );
      });
    return () => {
      subscription.unsubscribe();
      clearTimeout(reload);
    };
  }, [keyText, queryClient]);
  return { ...list, reload: () => void queryClient.invalidateQueries({ queryKey: key }) };
}

import type { Page } from '@farola/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCursorList } from './use-cursor-list';

/** Names `A1`…`A5` (or `B…` for the filter `B`), served two at a time by an index cursor. */
function serve(filter: string, cursor: string | undefined): Promise<Page<string>> {
  const all = Array.from({ length: 5 }, (_, i) => `${filter}${i + 1}`);
  const start = Number(cursor ?? 0);
  const end = start + 2;
  return Promise.resolve({
    items: all.slice(start, end),
    nextCursor: end < all.length ? String(end) : null,
    total: all.length,
  });
}

function wrapper({ children }: { children: ReactNode }) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={queries}>{children}</QueryClientProvider>;
}

afterEach(cleanup);

describe('useCursorList', () => {
  it('reads the first page, follows the cursor on showMore, and knows the total and the end', async () => {
    const { result } = renderHook(
      () => useCursorList({ queryKey: ['names', 'A'], fetchPage: (cursor) => serve('A', cursor) }),
      { wrapper },
    );
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.items).toEqual(['A1', 'A2']));
    expect(result.current.total).toBe(5);
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.showMore());
    await waitFor(() => expect(result.current.items).toEqual(['A1', 'A2', 'A3', 'A4']));
    act(() => result.current.showMore());
    await waitFor(() => expect(result.current.items).toHaveLength(5));
    expect(result.current.hasMore).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it('keeps the previous query rows while the next query loads, when asked to', async () => {
    let hold: (() => void) | undefined;
    const { result, rerender } = renderHook(
      ({ filter }: { filter: string }) =>
        useCursorList({
          queryKey: ['names', filter],
          fetchPage: (cursor) =>
            filter === 'A'
              ? serve(filter, cursor)
              : new Promise<Page<string>>((resolve) => (hold = () => resolve(serve(filter, cursor)))),
          keepPrevious: true,
        }),
      { wrapper, initialProps: { filter: 'A' } },
    );
    await waitFor(() => expect(result.current.items).toEqual(['A1', 'A2']));
    rerender({ filter: 'B' });
    await waitFor(() => expect(hold).toBeDefined());
    expect(result.current.items).toEqual(['A1', 'A2']);
    expect(result.current.isLoading).toBe(false);
    act(() => hold?.());
    await waitFor(() => expect(result.current.items).toEqual(['B1', 'B2']));
  });

  it('reports a failed read and reads again on retry', async () => {
    let failing = true;
    const { result } = renderHook(
      () =>
        useCursorList({
          queryKey: ['names', 'failing'],
          fetchPage: (cursor) => (failing ? Promise.reject(new Error('down')) : serve('A', cursor)),
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.error?.message).toBe('down'));
    expect(result.current.items).toEqual([]);
    failing = false;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.items).toEqual(['A1', 'A2']));
    expect(result.current.error).toBeNull();
  });
});

import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiQuery } from '@/lib/api/client';
import { fetchMatchingIds } from './api';

/**
 * What the line above an inventory list says about its selection: nothing; that every loaded row
 * is selected while more devices match (offering to select them all); or that every matching
 * device is selected, `truncated` when more match than one bulk action takes (`acting` of them).
 */
export type SelectionLine =
  | { kind: 'none' }
  | { kind: 'loaded'; loaded: number; total: number }
  | { kind: 'matching'; total: number; acting: number; truncated: boolean };

interface MatchingSelection {
  total: number;
  truncated: boolean;
}

interface Selection {
  /** The list query it was made on: once a filter changes, it is left behind. */
  key: string;
  ids: ReadonlySet<string>;
  /** Set while the selection is every matching device, as the server listed them. */
  matching: MatchingSelection | null;
}

const NONE: ReadonlySet<string> = new Set();

/** The line for a selection of a list showing `loadedIds` of `total` matching devices. */
export function selectionLine(
  loadedIds: readonly string[],
  total: number | undefined,
  selected: ReadonlySet<string>,
  matching: MatchingSelection | null,
): SelectionLine {
  if (matching)
    return { kind: 'matching', total: matching.total, acting: selected.size, truncated: matching.truncated };
  const allLoaded = loadedIds.length > 0 && loadedIds.every((id) => selected.has(id));
  if (allLoaded && total !== undefined && total > loadedIds.length) {
    return { kind: 'loaded', loaded: loadedIds.length, total };
  }
  return { kind: 'none' };
}

/**
 * An inventory list's selection: rows ticked one by one or all loaded at once, or every device
 * the filters match (asked of the server, up to what one bulk action takes). It belongs to the
 * list's query, so changing a filter clears it.
 */
export function useListSelection(
  query: ApiQuery,
  loadedIds: readonly string[],
  total: number | undefined,
  onError: (error: unknown) => void,
) {
  const key = JSON.stringify(query);
  const [state, setState] = useState<Selection>({ key, ids: NONE, matching: null });
  const [fetchingKey, setFetchingKey] = useState<string | null>(null);
  const currentKey = useRef(key);
  useEffect(() => {
    currentKey.current = key;
  }, [key]);

  const selection = state.key === key ? state : { key, ids: NONE, matching: null };
  const selected = selection.ids;
  const set = (ids: ReadonlySet<string>) => setState({ key, ids, matching: null });
  const deviceIds = useMemo(() => [...selected], [selected]);

  return {
    selected,
    /** The selection as the bulk actions take it. */
    deviceIds,
    line: selectionLine(loadedIds, total, selected, selection.matching),
    /** Whether every device that matches is being asked for. */
    isSelectingMatching: fetchingKey === key,
    /** Ticks exactly `ids` (rows ticked one by one, or every loaded row from the header). */
    set,
    selectAllMatching: () => {
      const requested = key;
      setFetchingKey(requested);
      fetchMatchingIds(query)
        .then(({ ids, total: matched, truncated }) => {
          // A filter changed meanwhile: the answer is for a list no longer shown.
          if (currentKey.current !== requested) return;
          setState({ key: requested, ids: new Set(ids), matching: { total: matched, truncated } });
        })
        .catch(onError)
        .finally(() => setFetchingKey((fetching) => (fetching === requested ? null : fetching)));
    },
    clear: () => set(NONE),
  };
}

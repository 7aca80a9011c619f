import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect } from 'react';
import { fetchDeviceEvents } from './api';
import { eventHistoryAtomFamily } from './atoms';

/** The device's event history: loads the first page when first shown; `showMore` loads the next one. */
export function useEventHistory(deviceId: string) {
  const store = useStore();
  const atom = eventHistoryAtomFamily(deviceId);
  const history = useAtomValue(atom);

  const load = useCallback(
    (reset: boolean) => {
      const current = store.get(atom);
      if (current.state === 'loading') return;
      const cursor = reset ? undefined : (current.nextCursor ?? undefined);
      store.set(atom, { ...current, state: 'loading' });
      fetchDeviceEvents(deviceId, cursor)
        .then((page) => {
          const items = reset ? page.items : [...store.get(atom).items, ...page.items];
          store.set(atom, { items, nextCursor: page.nextCursor, state: 'loaded' });
        })
        .catch((error: unknown) => {
          console.error(`Loading the events of ${deviceId} failed`, error);
          store.set(atom, { ...store.get(atom), state: 'failed' });
        });
    },
    [atom, deviceId, store],
  );

  useEffect(() => {
    // Reload on every opening: live events while the tab was closed were not recorded.
    load(true);
  }, [load]);

  return { history, showMore: () => load(false), retry: () => load(true) };
}

import type { FleetDevice } from '@farola/protocol';
import { useAtomValue, useStore } from 'jotai';
import { useDeferredValue, useMemo, useState } from 'react';
import { deviceAtomFamily, deviceIdsAtom } from '@/lib/realtime/fleet-atoms';
import { findDevices } from './device-matches';
import { useSelectedDevice } from './use-selected-device';

function* devicesOf(ids: readonly string[], read: (id: string) => FleetDevice | null): Generator<FleetDevice> {
  for (const id of ids) {
    const device = read(id);
    if (device) yield device;
  }
}

/** The 'Find in map' state: the typed query, its matches, and picking one (which opens its panel). */
export function useDeviceSearch() {
  const store = useStore();
  const ids = useAtomValue(deviceIdsAtom);
  const { selectDevice } = useSelectedDevice();
  const [query, setQueryState] = useState('');
  const [isOpen, setOpen] = useState(false);
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(
    () =>
      findDevices(
        devicesOf(ids, (id) => store.get(deviceAtomFamily(id))),
        deferredQuery,
      ),
    [ids, store, deferredQuery],
  );
  // Typing opens the list at once; Fluent's Combobox would otherwise wait for an arrow key.
  const setQuery = (next: string) => {
    setQueryState(next);
    setOpen(next.trim() !== '');
  };
  const pick = (id: string | undefined) => {
    if (!id) return;
    setQuery('');
    selectDevice(id);
  };
  return { query, setQuery, matches, pick, isOpen, setOpen };
}

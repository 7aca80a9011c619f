import { useAtomValue } from 'jotai';
import { useDeferredValue, useMemo, useState } from 'react';
import { fleetSizeAtom } from './fleet-atoms';
import { fleetStore } from './fleet-store';
import { findDevices } from './device-matches';
import { useSelectedDevice } from './use-selected-device';

/** The 'Find in map' state: the typed query, its matches, and picking one (which opens its panel). */
export function useDeviceSearch() {
  const { selectDevice } = useSelectedDevice();
  const [query, setQueryState] = useState('');
  const [isOpen, setOpen] = useState(false);
  const deferredQuery = useDeferredValue(query);
  // Live state changes do not change names or serial numbers: search again when the fleet loads,
  // not on every frame of updates.
  const size = useAtomValue(fleetSizeAtom);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `size` stands for the store's contents
  const matches = useMemo(() => findDevices(fleetStore, deferredQuery), [deferredQuery, size]);
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

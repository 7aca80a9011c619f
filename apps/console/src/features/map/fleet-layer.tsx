import { tokens } from '@fluentui/react-components';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { fleetSlotsVersionAtom } from './fleet-atoms';
import { fleetStore } from './fleet-store';
import { mapSelectionAtom } from './selection';
import { resolveToken } from '@/lib/theme/resolve-token';
import { themeModeAtom } from '@/lib/theme/theme-preference';
import { deviceStatusTokens } from '@/lib/theme/tokens';
import type { FleetPalette } from './draw-fleet';
import { FleetCanvasLayer } from './fleet-canvas-layer';
import { leafletMapAtom, mapToolAtom } from './map-state';
import { useSelectedDevice } from './use-selected-device';

function paletteOf(element: Element): FleetPalette {
  return {
    on: resolveToken(element, deviceStatusTokens.on),
    off: resolveToken(element, deviceStatusTokens.off),
    disconnected: resolveToken(element, deviceStatusTokens.disconnected),
    alarm: resolveToken(element, tokens.colorPaletteBerryForeground1),
    selected: resolveToken(element, tokens.colorBrandForeground1),
    foreground: resolveToken(element, tokens.colorNeutralForeground1),
    background: resolveToken(element, tokens.colorNeutralBackground1),
  };
}

/** The selection with `id` added, or removed when it was in. */
export function toggled(selection: readonly string[], id: string): string[] {
  return selection.includes(id) ? selection.filter((other) => other !== id) : [...selection, id];
}

/**
 * Mounts the fleet's canvas layer on the map and keeps it in step with the selection, the open
 * device and the theme. A click on a device opens its panel; with 'select one by one', or with
 * shift or ctrl held, it toggles the device in the selection instead.
 */
export function FleetLayer() {
  const map = useMap();
  const store = useStore();
  // The texts are for tooltips only: the devices are drawn without waiting for them.
  const { t } = useTranslation(['map', 'device'], { useSuspense: false });
  const { selectedId, selectDevice } = useSelectedDevice();
  const selection = useAtomValue(mapSelectionAtom);
  // Not the fleet's version: a frame of live changes must not re-render this component.
  const slots = useAtomValue(fleetSlotsVersionAtom);
  const theme = useAtomValue(themeModeAtom);
  const setLeafletMap = useSetAtom(leafletMapAtom);
  const layer = useRef<FleetCanvasLayer | null>(null);
  const latest = useRef({ t, selectDevice });
  useEffect(() => {
    latest.current = { t, selectDevice };
  }, [t, selectDevice]);

  useEffect(() => {
    const created = new FleetCanvasLayer({
      fleet: fleetStore,
      palette: () => paletteOf(map.getContainer()),
      onDeviceClick: (slot, event) => {
        const id = fleetStore.ids[slot];
        if (!id) return;
        const tool = store.get(mapToolAtom);
        if (tool === 'copy') return;
        if (tool === 'pick' || tool === 'area' || event.shiftKey || event.ctrlKey || event.metaKey)
          store.set(mapSelectionAtom, toggled(store.get(mapSelectionAtom), id));
        else latest.current.selectDevice(id);
      },
      describe: (slot) => {
        const { t: translate } = latest.current;
        const state = !fleetStore.isConnected(slot)
          ? translate('state.disconnected')
          : fleetStore.isSwitchedOn(slot)
            ? translate('state.on')
            : translate('state.off');
        const alarm = fleetStore.hasAlarm(slot) ? ` · ${translate('legend.alarm')}` : '';
        // Serial number and name are empty for the moment between the first draw and the identities.
        const who = fleetStore.serialNumbers[slot]
          ? `${fleetStore.serialNumbers[slot]} · ${fleetStore.names[slot]} — `
          : '';
        return `${who}${state}${alarm}`;
      },
      describeCluster: (size) => latest.current.t('cluster', { count: size }),
      cursor: (hit) => {
        const tool = store.get(mapToolAtom);
        if (tool === 'area') return 'crosshair';
        if (tool === 'copy') return 'copy';
        return hit ? 'pointer' : '';
      },
    });
    created.addTo(map);
    layer.current = created;
    setLeafletMap(map);
    return () => {
      created.remove();
      layer.current = null;
      setLeafletMap(null);
    };
  }, [map, store, setLeafletMap]);

  useEffect(() => {
    const slots = selection.map((id) => fleetStore.indexOf(id)).filter((slot) => slot >= 0);
    layer.current?.setSelection(slots);
    // The slots version: after a reload, the same ids may sit in other slots.
  }, [selection, slots]);

  useEffect(() => {
    layer.current?.setFocused(selectedId ? fleetStore.indexOf(selectedId) : -1);
  }, [selectedId, slots]);

  useEffect(() => {
    layer.current?.redraw();
  }, [theme]);

  return null;
}

import { makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { useMap } from 'react-leaflet';
import { fleetStore } from './fleet-store';
import { mapSelectionAtom } from './selection';
import { devicesInRectangle } from './fleet-layout';
import { viewOf } from './fleet-canvas-layer';
import { mapToolAtom } from './map-state';

const useStyles = makeStyles({
  rectangle: {
    position: 'absolute',
    zIndex: 460,
    pointerEvents: 'none',
    border: `2px dashed ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
    opacity: 0.5,
  },
});

interface Rectangle {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * 'Select area': while the tool is on, dragging on the map draws a rectangle instead of panning,
 * and releasing it selects the devices inside that pass the quick filters (added to the selection
 * with shift or ctrl held, replacing it otherwise).
 */
export function AreaSelect() {
  const map = useMap();
  const store = useStore();
  const styles = useStyles();
  const tool = useAtomValue(mapToolAtom);
  const [rectangle, setRectangle] = useState<Rectangle | null>(null);

  useEffect(() => {
    if (tool !== 'area') return;
    const container = map.getContainer();
    map.dragging.disable();
    container.style.cursor = 'crosshair';
    let start: { x: number; y: number; add: boolean } | null = null;
    // A drag that leaves the map would select the page's text on its way (Leaflet's own dragging,
    // off while the tool is on, prevents it the same way).
    const noTextSelection = (event: Event) => event.preventDefault();
    const pointOf = (event: PointerEvent) => {
      const bounds = container.getBoundingClientRect();
      return { x: event.clientX - bounds.left, y: event.clientY - bounds.top };
    };
    const down = (event: PointerEvent) => {
      if (event.button !== 0 || (event.target as Element).closest('.leaflet-control')) return;
      start = { ...pointOf(event), add: event.shiftKey || event.ctrlKey || event.metaKey };
      container.setPointerCapture(event.pointerId);
      document.addEventListener('selectstart', noTextSelection);
    };
    const move = (event: PointerEvent) => {
      if (!start) return;
      const { x, y } = pointOf(event);
      setRectangle({ x0: start.x, y0: start.y, x1: x, y1: y });
    };
    const up = (event: PointerEvent) => {
      if (!start) return;
      document.removeEventListener('selectstart', noTextSelection);
      const { x, y } = pointOf(event);
      const area = { x0: start.x, y0: start.y, x1: x, y1: y };
      const add = start.add;
      start = null;
      setRectangle(null);
      // A click without a drag is a click (on a device, say), not an empty area.
      if (Math.abs(area.x1 - area.x0) < 4 && Math.abs(area.y1 - area.y0) < 4) return;
      // The browser follows the drag with a click: it must not toggle the device under the pointer.
      const swallow = (click: MouseEvent) => click.stopImmediatePropagation();
      container.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => container.removeEventListener('click', swallow, { capture: true }), 0);
      // Ids are empty for the moment between the first draw and the identities: nothing to select yet.
      const ids = devicesInRectangle(fleetStore, viewOf(map), area)
        .map((slot) => fleetStore.ids[slot]!)
        .filter((id) => id !== '');
      const kept = add ? store.get(mapSelectionAtom) : [];
      store.set(mapSelectionAtom, [...new Set([...kept, ...ids])]);
    };
    container.addEventListener('pointerdown', down);
    container.addEventListener('pointermove', move);
    container.addEventListener('pointerup', up);
    return () => {
      container.removeEventListener('pointerdown', down);
      container.removeEventListener('pointermove', move);
      container.removeEventListener('pointerup', up);
      document.removeEventListener('selectstart', noTextSelection);
      map.dragging.enable();
      container.style.cursor = '';
      setRectangle(null);
    };
  }, [tool, map, store]);

  if (!rectangle) return null;
  return (
    <div
      data-testid="area-rectangle"
      className={styles.rectangle}
      style={{
        left: Math.min(rectangle.x0, rectangle.x1),
        top: Math.min(rectangle.y0, rectangle.y1),
        width: Math.abs(rectangle.x1 - rectangle.x0),
        height: Math.abs(rectangle.y1 - rectangle.y0),
      }}
    />
  );
}

import { useAtom } from 'jotai';
import type { LeafletMouseEvent } from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { useNotify } from '@/lib/notifications/use-notify';
import { mapToolAtom } from './map-state';

/** 'lat, lng' of a map point, to 6 decimals (~0.1 m). */
export function coordinatesText(lat: number, lng: number): string {
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

/**
 * 'Copy coordinates': with the tool on, a click copies the clicked point's 'lat, lng' (and turns the
 * tool off); a right click (context menu) copies them whatever the tool.
 */
export function CopyCoordinates() {
  const map = useMap();
  const notify = useNotify();
  const { t } = useTranslation('map');
  const [tool, setTool] = useAtom(mapToolAtom);

  useEffect(() => {
    const copy = (event: LeafletMouseEvent) => {
      const text = coordinatesText(event.latlng.lat, event.latlng.lng);
      Promise.resolve()
        .then(() => navigator.clipboard.writeText(text))
        .then(
          () => notify.success(t('copy.done'), text),
          () => notify.error(t('copy.failed')),
        );
    };
    const onClick = (event: LeafletMouseEvent) => {
      if (tool !== 'copy') return;
      copy(event);
      setTool('pan');
    };
    const onContextMenu = (event: LeafletMouseEvent) => {
      event.originalEvent.preventDefault();
      copy(event);
    };
    if (tool === 'copy') map.getContainer().style.cursor = 'copy';
    map.on('click', onClick);
    map.on('contextmenu', onContextMenu);
    return () => {
      map.off('click', onClick);
      map.off('contextmenu', onContextMenu);
      if (tool === 'copy') map.getContainer().style.cursor = '';
    };
  }, [map, notify, t, tool, setTool]);
  return null;
}

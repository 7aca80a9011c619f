import i18next from 'i18next';
import { paths } from '@/lib/paths';
import { ensureFleetSync } from '@/lib/realtime/fleet-sync-starter';

/** The texts the map and its device panel show: asked for with the map, not once it renders. */
const MAP_NAMESPACES = ['map', 'device'];

/**
 * Starts at once everything the map's first draw waits for: the fleet (megabytes in a city), the
 * page's code, Leaflet's chunk and the page's texts, which the page would otherwise ask for only
 * once it renders (each a round trip after the one before). Resolves with the page's module.
 */
export function preloadMap() {
  ensureFleetSync();
  // A failure here is met again, and reported, when the page asks for its texts.
  i18next.loadNamespaces(MAP_NAMESPACES).catch(() => undefined);
  // A chunk that fails here is asked for again by the page's own lazy import, which reports it.
  import('@/features/map/device-map').catch(() => undefined);
  return import('@/features/map/map-page');
}

/** Whether a location's path (under the console's base path) is the map or a device panel over it. */
export function isMapPath(pathname: string): boolean {
  const path = pathname.slice(import.meta.env.BASE_URL.length - 1);
  return path === paths.map.pattern || path.startsWith(`${paths.map.pattern}/`);
}

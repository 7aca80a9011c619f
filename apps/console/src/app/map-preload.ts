import { paths } from '@/lib/paths';
import { ensureFleetSync } from '@/lib/realtime/fleet-sync-starter';

/**
 * Starts at once everything the map's first draw waits for: the fleet (megabytes in a city), the
 * page's code and Leaflet's chunk, which the page would otherwise ask for only once it renders.
 * Resolves with the page's module.
 */
export function preloadMap() {
  ensureFleetSync();
  // A chunk that fails here is asked for again by the page's own lazy import, which reports it.
  import('@/features/map/device-map').catch(() => undefined);
  return import('@/features/map/map-page');
}

/** Whether a location's path (under the console's base path) is the map or a device panel over it. */
export function isMapPath(pathname: string): boolean {
  const path = pathname.slice(import.meta.env.BASE_URL.length - 1);
  return path === paths.map.pattern || path.startsWith(`${paths.map.pattern}/`);
}

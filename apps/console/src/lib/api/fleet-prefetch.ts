import { apiUrl, headers, responseOf } from './client';

let pending: Promise<Response> | null = null;

/** `GET /fleet/columns`, as `fetchFleetColumns` asks for it. */
export const FLEET_COLUMNS_PATH = 'fleet/columns';

/**
 * Sends `GET /fleet/columns` now, before the fleet sync's code has loaded; the sync's first load
 * takes the answer (`takeFleetColumnsPrefetch`) instead of asking again, and reads it as it needs
 * it (api/fleet.ts). Part of the first screen: it is no more than the request.
 */
export function prefetchFleetColumns(): void {
  if (pending) return;
  performance.mark('farola:fleet-asked');
  pending = responseOf(fetch(apiUrl(FLEET_COLUMNS_PATH), { headers: headers(false) }));
  // A failure is reported by the load that takes it.
  pending.catch(() => undefined);
}

/** The prefetched answer, once; null when none is waiting. */
export function takeFleetColumnsPrefetch(): Promise<Response> | null {
  const taken = pending;
  pending = null;
  return taken;
}

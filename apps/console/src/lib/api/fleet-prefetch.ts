import { apiUrl, headers, readAnswer, type ReadAnswer } from './client';

let pending: Promise<ReadAnswer> | null = null;

/** `GET /fleet/columns`, as `fetchFleetColumns` asks for it. */
export const FLEET_COLUMNS_PATH = 'fleet/columns';

/**
 * Sends `GET /fleet/columns` now, before the fleet sync's code has loaded, and parses the answer's
 * JSON as soon as it has arrived (at 100,000 devices, 11 MB: a few hundred milliseconds of the
 * page's main thread, spent while the app's and the map's code still download); the sync's first
 * load takes the answer (`takeFleetColumnsPrefetch`) instead of asking again. Part of the first
 * screen: it is no more than the request and the parse.
 */
export function prefetchFleetColumns(): void {
  if (pending) return;
  performance.mark('farola:fleet-asked');
  pending = readAnswer(fetch(apiUrl(FLEET_COLUMNS_PATH), { headers: headers(false) }));
  // A failure is reported by the load that takes it.
  pending.catch(() => undefined);
}

/** The prefetched answer, once; null when none is waiting. */
export function takeFleetColumnsPrefetch(): Promise<ReadAnswer> | null {
  const taken = pending;
  pending = null;
  return taken;
}

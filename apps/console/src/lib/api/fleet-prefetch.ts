import { apiUrl, headers, responseOf } from './client';

/** An answer read to its end, as bytes (`GET /fleet/columns` is read in two steps: api/fleet.ts). */
export interface AnswerBytes {
  response: Response;
  bytes: Uint8Array;
}

/** Waits for a request's response and reads its body's bytes; a failed connection becomes an ApiError. */
export async function readAnswerBytes(sent: Promise<Response>): Promise<AnswerBytes> {
  const response = await responseOf(sent);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

let pending: Promise<AnswerBytes> | null = null;

/** `GET /fleet/columns`, as `fetchFleetColumns` asks for it. */
export const FLEET_COLUMNS_PATH = 'fleet/columns';

/**
 * Sends `GET /fleet/columns` now, before the fleet sync's code has loaded, and reads the answer as
 * it arrives (megabytes at 100,000 devices) while the app's and the map's code still download; the
 * sync's first load takes it (`takeFleetColumnsPrefetch`) instead of asking again. Part of the
 * first screen: it is no more than the request.
 */
export function prefetchFleetColumns(): void {
  if (pending) return;
  performance.mark('farola:fleet-asked');
  pending = readAnswerBytes(fetch(apiUrl(FLEET_COLUMNS_PATH), { headers: headers(false) }));
  // A failure is reported by the load that takes it.
  pending.catch(() => undefined);
}

/** The prefetched answer, once; null when none is waiting. */
export function takeFleetColumnsPrefetch(): Promise<AnswerBytes> | null {
  const taken = pending;
  pending = null;
  return taken;
}

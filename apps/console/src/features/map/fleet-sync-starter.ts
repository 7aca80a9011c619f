import { prefetchFleetColumns } from '@/lib/api/fleet-prefetch';

let running: Promise<() => void> | null = null;

/**
 * Starts keeping the fleet store live (`startFleetSync`) unless it already runs. The first screen
 * that shows the fleet (the map) calls it, so the fleet — megabytes at 100,000 devices — loads only
 * for users who look at it, and then stays live while they are signed in.
 */
export function ensureFleetSync(): void {
  if (running) return;
  // The fleet is asked for at once; the sync's first load, once its code is here, takes the answer.
  prefetchFleetColumns();
  // The realtime client comes with the sync, not with the console's first script, which then
  // runs (and asks for the fleet) sooner.
  running = import('./fleet-sync').then(({ startFleetSync }) => startFleetSync());
}

/** Stops the fleet sync (the signed-in app closes, and the realtime connection with it). */
export function stopFleetSync(): void {
  const stopping = running;
  running = null;
  void stopping?.then((stop) => stop());
}

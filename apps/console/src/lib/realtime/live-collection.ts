import type { StreamPosition, StreamPositions } from '@farola/protocol';
import { filter, type Observable } from 'rxjs';
import type { RealtimeClient } from './realtime-client';
import { resyncIncludes } from './resync';

/** What a live collection is made of: a REST load, its live items, and the streams they come on. */
export interface LiveCollectionOptions<S, I> {
  /** A name for the log when a load fails. */
  name: string;
  /**
   * Loads the whole collection over REST: first `'initial'`, then `'resync'` (a read already under
   * way may predate what was missed, so a reload must not reuse it).
   */
  load: (reason: 'initial' | 'resync') => Promise<S>;
  /** The stream positions of a loaded snapshot, when the server gives them (`GET /fleet` does). */
  positionsOf?: (snapshot: S) => StreamPositions;
  /** The collection's live items, in batches (one per animation frame, say). */
  items$: Observable<readonly I[]>;
  /** The streams the collection follows: a resync of any of them reloads it. */
  follows: (stream: string) => boolean;
  onSnapshot: (snapshot: S) => void;
  onItems: (items: readonly I[]) => void;
}

type Positioned = Partial<StreamPosition>;

/** Whether a snapshot with these positions already holds the item. */
function isInSnapshot(item: unknown, positions: StreamPositions): boolean {
  const { stream, seq } = (item ?? {}) as Positioned;
  if (stream === undefined || seq === undefined) return false;
  const position = positions[stream];
  return position !== undefined && seq <= position;
}

/**
 * Keeps one collection live — the fleet of the map and counters, a device's panel, a request
 * list — the same way everywhere:
 * 1. loads it over REST, and tells the realtime client the snapshot's stream positions;
 * 2. applies live items; those arriving during a load wait for it, and those the snapshot
 *    already holds (seq not above its position) are dropped, so a reload never rolls state back;
 * 3. on reconnect the realtime client resumes the streams; only when it announces a resync of a
 *    stream this collection follows (or cannot resume at all) is the collection loaded again.
 * A failed load leaves the last data on screen; the next resync tries again.
 * Returns the function that stops it.
 *
 * @example
 * const stop = followLiveCollection(realtime, {
 *   name: 'fleet', load: fetchFleet, positionsOf: (list) => list.streams,
 *   items$, follows: isStreamOf('fleet'), onSnapshot: writeFleet, onItems: applyUpdates,
 * });
 */
export function followLiveCollection<S, I>(client: RealtimeClient, options: LiveCollectionOptions<S, I>): () => void {
  let stopped = false;
  let generation = 0;
  let waiting: I[] | null = [];

  const load = (reason: 'initial' | 'resync') => {
    generation += 1;
    const current = generation;
    waiting ??= [];
    options
      .load(reason)
      .then((snapshot) => {
        if (stopped || current !== generation) return;
        const positions = options.positionsOf?.(snapshot) ?? {};
        client.noteSnapshot(positions);
        options.onSnapshot(snapshot);
        const held = (waiting ?? []).filter((item) => !isInSnapshot(item, positions));
        waiting = null;
        if (held.length > 0) options.onItems(held);
      })
      .catch((error: unknown) => {
        if (stopped || current !== generation) return;
        console.error(`Loading ${options.name} failed`, error);
        const held = waiting ?? [];
        waiting = null;
        if (held.length > 0) options.onItems(held);
      });
  };

  const live = options.items$.subscribe((items) => {
    if (waiting) waiting.push(...items);
    else options.onItems(items);
  });
  const reloads = client.resync$
    .pipe(filter((resync) => resyncIncludes(resync, options.follows)))
    .subscribe(() => load('resync'));
  load('initial');
  return () => {
    stopped = true;
    live.unsubscribe();
    reloads.unsubscribe();
  };
}

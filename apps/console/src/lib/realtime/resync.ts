import type { StreamKind } from '@farola/protocol';
import { filter } from 'rxjs';

/**
 * Streams whose data must be loaded again over REST: the named ones, or every one (`all`) when
 * the server cannot say (it does not follow the realtime contract, or the resume failed).
 */
export type Resync = { all: true } | { all: false; streams: readonly string[] };

/** Whether a resync asks to reload `stream`. */
export function resyncIncludes(resync: Resync, matches: (stream: string) => boolean): boolean {
  return resync.all || resync.streams.some(matches);
}

/** Streams of one kind, e.g. `isStreamOf('fleet')('fleet:…')` is true. */
export const isStreamOf =
  (kind: StreamKind) =>
  (stream: string): boolean =>
    stream.startsWith(`${kind}:`);

/** Keeps only the resyncs that concern `matches`. */
export const resyncOf = (matches: (stream: string) => boolean) =>
  filter((resync: Resync) => resyncIncludes(resync, matches));

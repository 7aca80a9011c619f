import { type BulkItemOutcome, type BulkJob, parseStream, streams } from '@farola/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from '@/lib/query/query-client';
import { useCursorList } from '@/lib/query/use-cursor-list';
import { realtime } from '@/lib/realtime/live';
import { resyncOf } from '@/lib/realtime/resync';
import { fetchBulkJob, fetchBulkJobItems } from './api';

/** How often at most a running job's open item list is read again as its counts move. */
const ITEMS_REFRESH_MS = 2000;

/**
 * A bulk job, live: loaded once, then kept current by its stream's `BulkJobUpdated` (a newer count
 * never goes back), and read again when the stream could not be caught up after a reconnection.
 */
export function useBulkJob(jobId: string) {
  const queryClient = useQueryClient();
  const job = useQuery({ queryKey: queryKeys.bulkJob(jobId), queryFn: () => fetchBulkJob(jobId), staleTime: 0 });
  useEffect(() => {
    const address = streams.job(jobId);
    // Not a job's id (a mistyped address): the page shows what the API answers; nothing to follow.
    if (!parseStream(address)) return undefined;
    // Following the stream subscribes to it on the server, and leaving the page unsubscribes.
    const updates = realtime.stream$(address).subscribe(({ payload }) => {
      const { stream: _stream, seq: _seq, ...counts } = payload;
      queryClient.setQueryData<BulkJob>(queryKeys.bulkJob(jobId), (current) =>
        current && pendingOf(current) < pendingOf(counts) ? current : counts,
      );
    });
    const reloads = realtime.resync$
      .pipe(resyncOf((stream) => stream === address))
      .subscribe(() => void queryClient.invalidateQueries({ queryKey: queryKeys.bulkJob(jobId) }));
    return () => {
      updates.unsubscribe();
      reloads.unsubscribe();
    };
  }, [jobId, queryClient]);
  return job;
}

/** What is left to do: a job only ever moves towards zero. */
function pendingOf(job: BulkJob): number {
  return job.status === 'running' ? job.pending : -1;
}

/** One outcome's items of a job ('Show more' pages), read again (at most every 2 s) while the job's counts move. */
export function useBulkJobItems(jobId: string, outcome: BulkItemOutcome | undefined, job: BulkJob | undefined) {
  const queryClient = useQueryClient();
  const items = useCursorList({
    queryKey: queryKeys.bulkJobItems(jobId, outcome ?? 'all'),
    fetchPage: (cursor) => fetchBulkJobItems(jobId, outcome, cursor),
  });
  const counts = job ? `${job.succeeded}/${job.failed}/${job.pending}/${job.skipped}/${job.status}` : '';
  const lastRead = useRef(0);
  useEffect(() => {
    if (counts === '') return undefined;
    // Throttled, not debounced: a job whose counts move every moment still refreshes every 2 s.
    const wait = Math.max(0, lastRead.current + ITEMS_REFRESH_MS - Date.now());
    const timer = setTimeout(() => {
      lastRead.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: queryKeys.bulkJobItems(jobId, outcome ?? 'all') });
    }, wait);
    return () => clearTimeout(timer);
  }, [counts, jobId, outcome, queryClient]);
  return items;
}

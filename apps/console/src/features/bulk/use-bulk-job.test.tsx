import { type BulkJob, BulkJobSchema } from '@farola/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_ID } from '@/lib/api/data-generators';
import { socketDouble } from '@/lib/realtime/testing/socket-double';
import { useBulkJob } from './use-bulk-job';

// The test plays the socket: it answers the job stream's subscription and pushes its counts.
vi.mock('@/lib/realtime/socket', () => import('@/lib/realtime/testing/socket-double'));

const JOB_ID = '00000000-0000-4000-8000-000000000b01';
const OTHER_JOB_ID = '00000000-0000-4000-8000-000000000b02';

const job = (counts: Partial<BulkJob> = {}): BulkJob =>
  BulkJobSchema.parse({
    id: JOB_ID,
    action: 'switchOff',
    params: {},
    status: 'running',
    total: 3,
    succeeded: 0,
    failed: 0,
    pending: 3,
    skipped: 0,
    createdBy: 'ana',
    createdAt: '2026-03-02T09:30:00.000Z',
    finishedAt: null,
    projectIds: [PROJECT_ID],
    ...counts,
  });

function openJob(jobId = JOB_ID) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      jobId === JOB_ID
        ? new Response(JSON.stringify(job()))
        : new Response(JSON.stringify({ error: { code: 'BULK_JOB_NOT_FOUND', message: 'Bulk action not found' } }), {
            status: 404,
          }),
    ),
  );
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queries}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBulkJob(jobId), { wrapper });
}

const requestsFor = (name: 'subscribe' | 'unsubscribe') =>
  socketDouble.requests.filter((request) => request.name === name).map((request) => request.body);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a bulk job's page", () => {
  it("follows the job's own stream: its counts move forward, never back, and leaving the page leaves the stream", async () => {
    socketDouble.connect({ epoch: 'e1', streams: {} });
    const page = openJob();
    await vi.waitFor(() => expect(page.result.current.data?.pending).toBe(3));
    expect(requestsFor('subscribe')).toContainEqual({ jobIds: [JOB_ID] });

    socketDouble.push('BulkJobUpdated', { ...job({ succeeded: 2, pending: 1 }), stream: `job:${JOB_ID}`, seq: 1 });
    // Another job's counts are not this page's.
    socketDouble.push('BulkJobUpdated', {
      ...job({ id: OTHER_JOB_ID, succeeded: 3, pending: 0, status: 'done' }),
      stream: `job:${OTHER_JOB_ID}`,
      seq: 1,
    });
    await vi.waitFor(() => expect(page.result.current.data).toMatchObject({ succeeded: 2, pending: 1 }));
    // An older count arriving late does not roll the page back.
    socketDouble.push('BulkJobUpdated', { ...job({ succeeded: 1, pending: 2 }), stream: `job:${JOB_ID}`, seq: 2 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.result.current.data).toMatchObject({ succeeded: 2, pending: 1 });
    socketDouble.push('BulkJobUpdated', {
      ...job({ succeeded: 3, pending: 0, status: 'done', finishedAt: '2026-03-02T09:31:00.000Z' }),
      stream: `job:${JOB_ID}`,
      seq: 3,
    });
    await vi.waitFor(() => expect(page.result.current.data).toMatchObject({ status: 'done', succeeded: 3 }));
    expect(page.result.current.data).not.toHaveProperty('seq');

    page.unmount();
    await vi.waitFor(() => expect(requestsFor('unsubscribe')).toContainEqual({ jobIds: [JOB_ID] }));
  });

  it('shows what the API answers for an address that names no job, and follows no stream', async () => {
    const subscribed = requestsFor('subscribe').length;
    const page = openJob('p-1');
    await vi.waitFor(() => expect(page.result.current.isError).toBe(true));
    expect(requestsFor('subscribe')).toHaveLength(subscribed);
  });
});

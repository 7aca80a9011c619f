import type { QueuedRequest } from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { applyRequestUpdates } from './use-queued-requests';

function request(id: string, status: QueuedRequest['status'], updatedAt: string, progress = 0): QueuedRequest {
  return {
    id,
    deviceId: '6f1d3c1e-0000-4000-8000-000000000001',
    projectId: '6f1d3c1e-0000-4000-8000-000000000002',
    command: 'switchOff',
    params: {},
    status,
    progress,
    attempt: 1,
    error: null,
    detail: null,
    waitingForDevice: false,
    waitUntil: '2026-11-25T10:15:00.000Z',
    requestedBy: 'ana',
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt,
    finishedAt: null,
  };
}

const A = '6f1d3c1e-0000-4000-8000-00000000000a';
const B = '6f1d3c1e-0000-4000-8000-00000000000b';
const C = '6f1d3c1e-0000-4000-8000-00000000000c';

describe('live updates of the queued requests list', () => {
  const pages = {
    pageParams: [undefined],
    pages: [
      {
        items: [
          request(A, 'IN_PROGRESS', '2026-11-25T10:00:01.000Z'),
          request(B, 'IN_PROGRESS', '2026-11-25T10:00:05.000Z'),
        ],
        nextCursor: null,
        total: 2,
      },
    ],
  };

  it('move a listed request to its later state and report requests the list does not hold', () => {
    const { pages: next, unknown } = applyRequestUpdates(pages, [
      request(A, 'DONE', '2026-11-25T10:00:09.000Z', 100),
      request(C, 'IN_PROGRESS', '2026-11-25T10:00:09.000Z'),
    ]);
    expect(next?.pages[0]?.items.map((item) => [item.id, item.status, item.progress])).toEqual([
      [A, 'DONE', 100],
      [B, 'IN_PROGRESS', 0],
    ]);
    expect(unknown.map((item) => item.id)).toEqual([C]);
  });

  it('never take a request back to an earlier state', () => {
    const { pages: next } = applyRequestUpdates(pages, [request(B, 'IN_PROGRESS', '2026-11-25T10:00:02.000Z', 10)]);
    expect(next?.pages[0]?.items[1]?.progress).toBe(0);
  });
});

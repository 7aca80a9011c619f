import {
  CancelRequestOutcomeSchema,
  pageSchema,
  QueuedRequestSchema,
  type CancelRequestOutcome,
  type Page,
  type QueuedRequest,
} from '@farola/protocol';
import { z } from 'zod';
import { apiGet, apiPost, type ApiQuery } from '@/lib/api/client';

const RequestPageSchema = pageSchema(QueuedRequestSchema);
const CancelOutcomesSchema = z.array(CancelRequestOutcomeSchema);

export function fetchQueuedRequests(query: ApiQuery, cursor?: string): Promise<Page<QueuedRequest>> {
  return apiGet('queued-requests', RequestPageSchema, { ...query, cursor });
}

/** Cancels many requests at once; each id has its outcome. */
export function cancelQueuedRequests(ids: readonly string[]): Promise<CancelRequestOutcome[]> {
  return apiPost('queued-requests/cancel', { ids }, CancelOutcomesSchema);
}

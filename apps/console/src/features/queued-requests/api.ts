import {
  CancelRequestsResultSchema,
  pageSchema,
  QueuedRequestSchema,
  type CancelRequestOutcome,
  type Page,
  type QueuedRequest,
} from '@farola/protocol';
import { apiGet, apiPost, type ApiQuery } from '@/lib/api/client';

const RequestPageSchema = pageSchema(QueuedRequestSchema);

export function fetchQueuedRequests(query: ApiQuery, cursor?: string): Promise<Page<QueuedRequest>> {
  return apiGet('queued-requests', RequestPageSchema, { ...query, cursor });
}

/** Cancels many requests at once; each id has its outcome. */
export async function cancelQueuedRequests(ids: readonly string[]): Promise<CancelRequestOutcome[]> {
  return (await apiPost('queued-requests/cancel', { ids }, CancelRequestsResultSchema)).items;
}

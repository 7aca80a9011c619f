import {
  BulkCheckSchema,
  BulkJobItemSchema,
  BulkJobSchema,
  pageSchema,
  type BulkActionName,
  type BulkActionRequest,
  type BulkCheck,
  type BulkCheckRequest,
  type BulkItemOutcome,
  type BulkJob,
  type BulkJobItem,
  type Page,
} from '@farola/protocol';
import { apiGet, apiPost } from '@/lib/api/client';

const ItemPageSchema = pageSchema(BulkJobItemSchema);
const JobPageSchema = pageSchema(BulkJobSchema);

/** How many items one 'Show more' of a summary list loads. */
export const ITEMS_PAGE_SIZE = 50;

const jobPath = (jobId: string) => `bulk-actions/${encodeURIComponent(jobId)}`;

/** What a bulk action would do on a selection: mixed families, unsupported devices. Changes nothing. */
export function checkBulkAction(body: BulkCheckRequest): Promise<BulkCheck> {
  return apiPost('bulk-actions/check', body, BulkCheckSchema);
}

/** Starts a bulk action as one server-side job. */
export function startBulkAction(body: BulkActionRequest): Promise<BulkJob> {
  return apiPost('bulk-actions', body, BulkJobSchema);
}

/** The newest jobs of one action the caller may see, newest first. */
export function fetchRecentBulkJobs(action: BulkActionName, limit: number): Promise<Page<BulkJob>> {
  return apiGet('bulk-actions', JobPageSchema, { action, limit });
}

export function fetchBulkJob(jobId: string): Promise<BulkJob> {
  return apiGet(jobPath(jobId), BulkJobSchema);
}

export function fetchBulkJobItems(
  jobId: string,
  outcome: BulkItemOutcome | undefined,
  cursor?: string,
): Promise<Page<BulkJobItem>> {
  return apiGet(`${jobPath(jobId)}/items`, ItemPageSchema, { outcome, cursor, limit: ITEMS_PAGE_SIZE });
}

export function cancelBulkJob(jobId: string): Promise<BulkJob> {
  return apiPost(`${jobPath(jobId)}/cancel`, {}, BulkJobSchema);
}

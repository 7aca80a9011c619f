import { COMMAND_NAMES, QueuedRequestStatusSchema, type CommandName, type QueuedRequestStatus } from '@farola/protocol';
import type { ApiQuery } from '@/lib/api/client';

/** What the queued requests screen shows, kept in its URL. */
export interface RequestFilters {
  status?: QueuedRequestStatus | undefined;
  command?: CommandName | undefined;
  q?: string | undefined;
  /** Creation date range, `YYYY-MM-DD`, both ends included. */
  from?: string | undefined;
  to?: string | undefined;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PAGE_SIZE = 50;

export function parseRequestFilters(search: string): RequestFilters {
  const params = new URLSearchParams(search);
  const date = (name: string) => {
    const value = params.get(name);
    return value !== null && DATE.test(value) ? value : undefined;
  };
  return {
    status: QueuedRequestStatusSchema.options.find((status) => status === params.get('status')),
    command: COMMAND_NAMES.find((command) => command === params.get('command')),
    q: params.get('q')?.trim() || undefined,
    from: date('from'),
    to: date('to'),
  };
}

export function requestFiltersSearch(filters: RequestFilters): Record<string, string | undefined> {
  return { status: filters.status, command: filters.command, q: filters.q, from: filters.from, to: filters.to };
}

/** The `GET /queued-requests` query of `filters` (dates are whole days, as the server reads a date alone). */
export function requestsQuery(filters: RequestFilters): ApiQuery {
  return { ...requestFiltersSearch(filters), limit: PAGE_SIZE };
}

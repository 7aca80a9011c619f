import { ErrorBodySchema, type ErrorCode } from '@farola/protocol';

/**
 * A failed API call. `code` comes from the protocol's error catalogue so the UI can translate it;
 * answers that are not a catalogue error body become `UNKNOWN_ERROR` (or `SERVICE_UNAVAILABLE`
 * when the server could not be reached).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(status: number, code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** Builds the ApiError for a non-2xx answer from its status and (possibly non-JSON) body. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success) return new ApiError(status, 'UNKNOWN_ERROR', `HTTP ${status}`);
  const { code, message, details } = parsed.data.error;
  return new ApiError(status, code, message, details);
}

import type { ErrorBody } from '@farola/protocol';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '../platform/domain-error';
import { httpStatus } from './error-status';

/**
 * What express's router and body parser reject a request with (http-errors): a client error
 * status and, from the parser, a `type` such as 'entity.too.large'. A path whose percent-encoding
 * does not decode, a charset or Content-Encoding the parser does not know, a compressed body that
 * does not inflate: all are the client's mistake, never a server error.
 */
interface ClientError {
  status: number;
  type?: unknown;
  /** The body parser's size limit, with 413. */
  limit?: unknown;
  message: string;
}

function isClientError(error: unknown): error is ClientError {
  if (!(error instanceof Error)) return false;
  const { status } = error as { status?: unknown };
  return typeof status === 'number' && status >= 400 && status <= 499;
}

function fromClientError(error: ClientError): DomainError {
  if (error.status === 413) {
    return new DomainError(
      'REQUEST_TOO_LARGE',
      typeof error.limit === 'number' ? { limitBytes: error.limit } : undefined,
    );
  }
  if (error instanceof URIError) {
    return new DomainError('VALIDATION_FAILED', [
      { path: '', rule: 'format', message: 'Malformed percent-encoding in the path' },
    ]);
  }
  if (error.type === 'entity.parse.failed') {
    return new DomainError('VALIDATION_FAILED', [{ path: '', rule: 'type', message: 'Malformed JSON body' }]);
  }
  if (error.type === 'encoding.unsupported') {
    return new DomainError('VALIDATION_FAILED', [{ path: '', rule: 'enum', message: error.message }]);
  }
  if (typeof error.type === 'string')
    return new DomainError('VALIDATION_FAILED', [{ path: '', rule: 'type', message: error.message }]);
  // Inflating the body failed (zlib or brotli): it does not match its Content-Encoding.
  return new DomainError('VALIDATION_FAILED', [
    { path: '', rule: 'format', message: 'The body does not match its Content-Encoding' },
  ]);
}

function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (isClientError(error)) return fromClientError(error);
  return new DomainError('UNKNOWN_ERROR');
}

/** Every failure answers `{"error": {"code", "message", "details"?}}` with the code's status (error-status.ts). */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const domainError = toDomainError(error);
    const status = httpStatus(domainError.code);
    if (status >= 500) logger.error({ err: error, method: req.method, url: req.originalUrl }, 'request failed');
    const body: ErrorBody = { error: { code: domainError.code, message: domainError.message } };
    if (domainError.details !== undefined) body.error.details = domainError.details;
    res.status(status).json(body);
  };
}

/** Unknown API paths answer a JSON 404 rather than the console's index.html. */
export const apiNotFound: RequestHandler = (_req, _res, next) => next(new DomainError('NOT_FOUND'));

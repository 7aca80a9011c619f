import type { ErrorBody } from '@farola/protocol';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '../platform/domain-error';
import { httpStatus } from './error-status';

/** What body-parser rejects a request with: a client error status and a `type` such as 'entity.too.large'. */
interface BodyParserError {
  status: number;
  type: string;
  message: string;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  if (typeof error !== 'object' || error === null) return false;
  const { status, type } = error as { status?: unknown; type?: unknown };
  return typeof type === 'string' && typeof status === 'number' && status >= 400 && status <= 499;
}

function fromBodyParser(error: BodyParserError): DomainError {
  if (error.status === 413) return new DomainError('FILE_TOO_LARGE', undefined, 'Request body too large');
  const message = error.type === 'entity.parse.failed' ? 'Malformed JSON body' : error.message;
  return new DomainError('VALIDATION_FAILED', [{ path: '', rule: 'type', message }]);
}

function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (isBodyParserError(error)) return fromBodyParser(error);
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

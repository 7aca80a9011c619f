import type { ErrorBody } from '@farola/protocol';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError } from './app-error';

function isBodyParseError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'entity.parse.failed';
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isBodyParseError(error)) {
    return new AppError('VALIDATION_FAILED', [{ path: '', rule: 'type', message: 'Malformed JSON body' }]);
  }
  return new AppError('UNKNOWN_ERROR');
}

/** Every failure answers `{"error": {"code", "message", "details"?}}` with the catalogue's status. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const appError = toAppError(error);
    if (appError.status >= 500)
      logger.error({ err: error, method: req.method, url: req.originalUrl }, 'request failed');
    const body: ErrorBody = { error: { code: appError.code, message: appError.message } };
    if (appError.details !== undefined) body.error.details = appError.details;
    res.status(appError.status).json(body);
  };
}

/** Unknown API paths answer a JSON 404 rather than the console's index.html. */
export const apiNotFound: RequestHandler = (_req, _res, next) => next(new AppError('NOT_FOUND'));

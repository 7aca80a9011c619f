import type { RequestHandler, Response } from 'express';
import { type Authenticate, bearerToken } from '../auth/authenticator';
import type { User } from '../auth/user';
import { DomainError } from '../platform/domain-error';

const pass: RequestHandler = (_req, _res, next) => next();

/**
 * Verifies the caller once per request and keeps the user in `res.locals`. A request whose token
 * fails goes through `onFailure` (the failed-authentication limit), which may answer in place of
 * the 401; a valid token never does.
 */
export function requireUser(authenticate: Authenticate, onFailure: RequestHandler = pass): RequestHandler {
  return (req, res, next) => {
    authenticate(bearerToken(req.headers.authorization)).then(
      (user) => {
        res.locals['user'] = user;
        next();
      },
      (error: unknown) => {
        if (!(error instanceof DomainError) || error.code !== 'UNAUTHORIZED') return next(error);
        onFailure(req, res, (refusal?: unknown) => next(refusal ?? error));
      },
    );
  };
}

export function currentUser(res: Response): User {
  return res.locals['user'] as User;
}

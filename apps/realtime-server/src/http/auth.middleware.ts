import type { RequestHandler, Response } from 'express';
import { type Authenticate, bearerToken } from '../auth/authenticator';
import type { User } from '../auth/user';

/** Verifies the caller once per request and keeps the user in `res.locals`. */
export function requireUser(authenticate: Authenticate): RequestHandler {
  return (req, res, next) => {
    authenticate(bearerToken(req.headers.authorization))
      .then((user) => {
        res.locals['user'] = user;
        next();
      })
      .catch(next);
  };
}

export function currentUser(res: Response): User {
  return res.locals['user'] as User;
}

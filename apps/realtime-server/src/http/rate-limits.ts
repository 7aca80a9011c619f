import type { IncomingMessage } from 'node:http';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator, MemoryStore, type Options, rateLimit } from 'express-rate-limit';
import type { FarolaConfig, RateLimits, TrustProxy } from '../config';
import { DomainError } from '../platform/domain-error';
import { currentUser } from './auth.middleware';

type LimitConfig = Pick<FarolaConfig, 'authDisabled' | 'rateLimits' | 'trustProxy'>;

const pass: RequestHandler = (_req, _res, next) => next();

/**
 * GET routes whose answer grows with the fleet: the whole fleet (`/fleet/columns`, `/fleet` without `deviceId`; the
 * console's reads of a few named devices are bounded), device lists (`/devices`,
 * `/projects/:id/devices`), the ids of every device a list's filters match (`/devices/ids`), and exports
 * (`…/export…`, `….csv`). Paths are relative to /lighting/api/v1.
 */
export function isExpensiveRead(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.path === '/fleet') return req.query['deviceId'] === undefined;
  if (req.path === '/fleet/columns' || req.path === '/devices/ids') return true;
  return /(^|\/)devices$/.test(req.path) || /\/export/.test(req.path) || /\.csv$/.test(req.path);
}

/** Commands, provisioning, permission changes: every call that changes something. */
export function isWrite(req: Request): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(req.method);
}

/** Counts per signed-in user; per address when authentication is disabled (everyone is the demo user). */
function clientKey(authDisabled: boolean): (req: Request, res: Response) => string {
  return (req, res) => (authDisabled ? `ip:${ipKeyGenerator(req.ip ?? '')}` : `user:${currentUser(res).id}`);
}

const addressKey = (req: Request) => `ip:${ipKeyGenerator(req.ip ?? '')}`;

/**
 * One limit as express-rate-limit middleware: a fixed window, the IETF draft-8 `RateLimit` and
 * `RateLimit-Policy` headers (several limits on one request each add their entry), `Retry-After` and
 * `429 TOO_MANY_REQUESTS` in the API's error shape once over. A limit of 0 is no limit.
 */
function limiter(name: string, limit: number, windowSeconds: number, options: Partial<Options>): RequestHandler {
  if (limit === 0) return pass;
  return rateLimit({
    windowMs: windowSeconds * 1000,
    limit,
    identifier: name,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res, next) =>
      next(
        new DomainError('TOO_MANY_REQUESTS', { policy: name, retryAfterSeconds: Number(res.getHeader('Retry-After')) }),
      ),
    ...options,
  });
}

/** The API's limits: on failed authentication, then on every request of a user once known. */
export interface ApiRateLimits {
  /**
   * Runs only for a request whose token failed verification, and counts it per address; past the
   * limit such requests answer 429 instead of 401 until the window ends. A request with a valid
   * token never reaches it, so junk tokens sent from an address (a NAT, a proxy) lock out no valid
   * user behind it; guessing a token is still held to the limit.
   */
  authenticationFailures: RequestHandler;
  /** The whole API per client, then writes and expensive reads with their stricter limits. */
  afterAuthentication: RequestHandler[];
}

export function apiRateLimits(config: LimitConfig): ApiRateLimits {
  const { windowSeconds, api, expensiveReads, writes, authFailures }: RateLimits = config.rateLimits;
  const keyGenerator = clientKey(config.authDisabled);
  return {
    // With authentication disabled nothing fails it.
    authenticationFailures: limiter('auth-failures', config.authDisabled ? 0 : authFailures, windowSeconds, {
      keyGenerator: addressKey,
    }),
    afterAuthentication: [
      limiter('api', api, windowSeconds, { keyGenerator }),
      limiter('writes', writes, windowSeconds, { keyGenerator, skip: (req) => !isWrite(req) }),
      limiter('expensive-reads', expensiveReads, windowSeconds, { keyGenerator, skip: (req) => !isExpensiveRead(req) }),
    ],
  };
}

/**
 * The client's address as express's `req.ip` gives it under the same `trust proxy` setting: the
 * connection's peer, or, through trusted proxies, the nearest X-Forwarded-For entry they did not add.
 * For requests express never sees (the Socket.IO handshake).
 */
export function clientAddressOf(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  const trust = express().set('trust proxy', trustProxy).get('trust proxy fn') as (addr: string, i: number) => boolean;
  return (req) => {
    const forwarded = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .reverse();
    const chain = [req.socket.remoteAddress ?? '', ...forwarded];
    let hop = 0;
    while (hop < chain.length - 1 && trust(chain[hop] ?? '', hop)) hop += 1;
    return chain[hop] ?? '';
  };
}

/**
 * Whether a Socket.IO handshake may go on: at most `socketHandshakes` per address and window (0: no
 * limit). Counted in an express-rate-limit store; the handshake is refused before the token is read.
 */
export function socketHandshakeLimit(config: LimitConfig): (req: IncomingMessage) => Promise<boolean> {
  const { socketHandshakes, windowSeconds } = config.rateLimits;
  if (socketHandshakes === 0) return () => Promise.resolve(true);
  const addressOf = clientAddressOf(config.trustProxy);
  const store = new MemoryStore();
  // The memory store reads only the window from the options.
  store.init({ windowMs: windowSeconds * 1000 } as Options);
  return async (req) => (await store.increment(`ip:${ipKeyGenerator(addressOf(req))}`)).totalHits <= socketHandshakes;
}

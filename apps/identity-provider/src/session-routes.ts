import { type Response, Router } from 'express';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { DEMO_CLIENT_ID, DEMO_SERVICE_ACCOUNT } from '@farola/protocol';
import { SIGNING_ALGORITHM } from './keys';
import { loginStatusIframe, thirdPartyCookiesStep1, thirdPartyCookiesStep2 } from './pages/session-pages';
import { OPENID_CONNECT_PATH } from './provider';
import { profileClaims } from './token-claims';
import type { UserStore } from './user-store';

export type SessionStatus = 'unchanged' | 'changed' | 'error';

const StatusQuerySchema = z.object({
  client_id: z.string().max(255),
  session_state: z.string().max(255).default(''),
  origin: z.string().max(2048),
});

const BearerSchema = z.string().regex(/^Bearer\s+([\w.~+/-]+=*)$/i);

function sendScriptPage(res: Response, body: string): void {
  res.set('Cache-Control', 'no-store').type('html').send(body);
}

export interface SessionRoutesOptions {
  provider: Provider;
  users: UserStore;
  issuer: string;
  publicKey: JWK;
  consoleOrigins: readonly string[];
}

/**
 * The Keycloak endpoints oidc-provider has no counterpart for: the session-check iframe and its
 * status question, the third-party-cookie check pages, and a userinfo endpoint that accepts the
 * realm's JWT access tokens (oidc-provider's own accepts only opaque tokens without audience).
 */
export function sessionRoutes(options: SessionRoutesOptions): Router {
  const { provider, users, issuer, publicKey, consoleOrigins } = options;
  const router = Router();

  router.get(`${OPENID_CONNECT_PATH}/login-status-iframe.html`, (_req, res) =>
    sendScriptPage(res, loginStatusIframe()),
  );
  router.get(`${OPENID_CONNECT_PATH}/3p-cookies/step1.html`, (_req, res) =>
    sendScriptPage(res, thirdPartyCookiesStep1()),
  );
  router.get(`${OPENID_CONNECT_PATH}/3p-cookies/step2.html`, (_req, res) =>
    sendScriptPage(res, thirdPartyCookiesStep2()),
  );

  router.get(`${OPENID_CONNECT_PATH}/login-status-iframe.html/check`, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const query = StatusQuerySchema.safeParse(req.query);
    if (!query.success || query.data.client_id !== DEMO_CLIENT_ID || !consoleOrigins.includes(query.data.origin)) {
      res.json({ status: 'error' satisfies SessionStatus });
      return;
    }
    const session = await provider.Session.get(provider.createContext(req, res));
    const sid = query.data.session_state;
    const status: SessionStatus = !session.accountId
      ? sid === ''
        ? 'unchanged'
        : 'changed'
      : sid !== '' && session.sidFor(DEMO_CLIENT_ID) === sid
        ? 'unchanged'
        : 'changed';
    res.json({ status });
  });

  const keys = createLocalJWKSet({ keys: [publicKey] });
  router.all(`${OPENID_CONNECT_PATH}/userinfo`, async (req, res) => {
    const origin = req.get('Origin');
    if (origin && consoleOrigins.includes(origin)) {
      res.set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' });
    }
    if (!['GET', 'POST', 'OPTIONS'].includes(req.method)) {
      res.status(405).set('Allow', 'GET, POST').end();
      return;
    }
    if (req.method === 'OPTIONS') {
      res.set({ 'Access-Control-Allow-Methods': 'GET, POST', 'Access-Control-Allow-Headers': 'Authorization' });
      res.status(204).end();
      return;
    }
    res.set('Cache-Control', 'no-store');
    const header = BearerSchema.safeParse(req.get('Authorization'));
    const token = header.success ? header.data.split(/\s+/)[1] : undefined;
    const claims = token
      ? await jwtVerify(token, keys, { issuer, algorithms: [SIGNING_ALGORITHM], requiredClaims: ['exp', 'sub'] }).then(
          ({ payload }) => payload,
          () => undefined,
        )
      : undefined;
    const user = claims?.sub ? users.findById(claims.sub) : undefined;
    if (claims?.sub === DEMO_SERVICE_ACCOUNT.id) {
      res.json({ sub: DEMO_SERVICE_ACCOUNT.id, preferred_username: DEMO_SERVICE_ACCOUNT.username });
    } else if (user) {
      res.json(profileClaims(user));
    } else {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer error="invalid_token"')
        .json({ error: 'invalid_token', error_description: 'Token verification failed' });
    }
  });

  return router;
}

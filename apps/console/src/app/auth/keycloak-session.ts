import Keycloak from 'keycloak-js';
import type { RuntimeConfig } from '@/lib/config';
import { setAccessToken } from '@/lib/session';
import { createKeycloakUser } from './keycloak-user';
import type { SignedInUser } from '@/lib/auth/signed-in-user';

/** Spec §9's session constants. */
export const SESSION_TIMINGS = {
  /** Refresh when fewer than this many seconds of validity remain. */
  refreshMinValiditySeconds: 5,
  timeSkewSeconds: 10,
  loginIframeIntervalSeconds: 5,
  messageReceiveTimeoutMs: 10_000,
} as const;

function isHttp400(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('response' in error)) return false;
  const response = (error as { response?: { status?: unknown } }).response;
  return response?.status === 400;
}

/** Keeps the stored access token current: refresh on expiry; a 400 means the session is gone. */
function keepTokenFresh(keycloak: Keycloak): void {
  keycloak.onTokenExpired = () => {
    keycloak.updateToken(SESSION_TIMINGS.refreshMinValiditySeconds).then(
      () => setAccessToken(keycloak.token ?? null),
      (error: unknown) => {
        // keycloak-js itself clears its token on a 400 and, in login-required mode, starts a new login.
        if (isHttp400(error)) setAccessToken(null);
      },
    );
  };
  keycloak.onAuthRefreshSuccess = () => setAccessToken(keycloak.token ?? null);
}

/**
 * Signs in through the identity provider (spec §4): login-required, so an unauthenticated visitor
 * goes to the provider's login page and this promise settles only once they are back and signed in.
 */
export async function startKeycloakSession(config: RuntimeConfig): Promise<SignedInUser> {
  const keycloak = new Keycloak({ url: config.oauthUrl, realm: config.oauthRealm, clientId: config.oauthClientId });
  keepTokenFresh(keycloak);
  await keycloak.init({
    onLoad: 'login-required',
    checkLoginIframe: true,
    checkLoginIframeInterval: SESSION_TIMINGS.loginIframeIntervalSeconds,
    timeSkew: SESSION_TIMINGS.timeSkewSeconds,
    messageReceiveTimeout: SESSION_TIMINGS.messageReceiveTimeoutMs,
    pkceMethod: 'S256',
  });
  setAccessToken(keycloak.token ?? null);
  return createKeycloakUser(keycloak, config.oauthClientId);
}

import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { RuntimeConfig } from '@/lib/config';
import { getAccessToken, setAccessToken } from '@/lib/session';

// A stand-in for keycloak-js that records how the console drives it; the real one is exercised
// end to end against the development identity provider (tests/e2e/sign-in.spec.ts).
const keycloak = vi.hoisted(() => ({
  constructed: [] as unknown[],
  initOptions: [] as unknown[],
  instance: null as null | {
    token?: string;
    onTokenExpired?: () => void;
    onAuthRefreshSuccess?: () => void;
    updateToken: Mock<(minValidity: number) => Promise<boolean>>;
  },
}));

vi.mock('keycloak-js', () => ({
  default: class {
    authenticated = true;
    token = 'first-token';
    tokenParsed = { sub: 'u-1', preferred_username: 'ana', resource_access: { console: { roles: ['view-devices'] } } };
    idTokenParsed = {};
    onTokenExpired?: () => void;
    onAuthRefreshSuccess?: () => void;
    updateToken = vi.fn();
    logout = vi.fn();
    login = vi.fn();
    constructor(config: unknown) {
      keycloak.constructed.push(config);
      keycloak.instance = this;
    }
    init = async (options: unknown) => {
      keycloak.initOptions.push(options);
      return true;
    };
  },
}));

const { SESSION_TIMINGS, startKeycloakSession } = await import('./keycloak-session');

const config = { oauthUrl: 'http://idp.test', oauthRealm: 'farola', oauthClientId: 'console' } as RuntimeConfig;

afterEach(() => setAccessToken(null));

describe('the identity-provider session', () => {
  it('signs in as spec §4 and §9 say: login-required, PKCE S256, 10 s skew, the session iframe every 5 s', async () => {
    const user = await startKeycloakSession(config);
    expect(keycloak.constructed.at(-1)).toEqual({ url: 'http://idp.test', realm: 'farola', clientId: 'console' });
    expect(keycloak.initOptions.at(-1)).toEqual({
      onLoad: 'login-required',
      pkceMethod: 'S256',
      timeSkew: 10,
      checkLoginIframe: true,
      checkLoginIframeInterval: 5,
      messageReceiveTimeout: 10_000,
    });
    expect(getAccessToken()).toBe('first-token');
    expect(user).toMatchObject({
      userid: 'u-1',
      username: 'ana',
      resource_access: { console: { roles: ['view-devices'] } },
    });
  });

  it('refreshes on expiry when fewer than 5 seconds remain and stores the new token', async () => {
    await startKeycloakSession(config);
    const instance = keycloak.instance!;
    instance.updateToken.mockImplementation(() => {
      instance.token = 'second-token';
      return Promise.resolve(true);
    });
    instance.onTokenExpired?.();
    await vi.waitFor(() => expect(getAccessToken()).toBe('second-token'));
    expect(instance.updateToken).toHaveBeenCalledWith(SESSION_TIMINGS.refreshMinValiditySeconds);
    expect(SESSION_TIMINGS.refreshMinValiditySeconds).toBe(5);
  });

  it('forgets the token when the provider answers the refresh with HTTP 400 (keycloak-js then signs in anew)', async () => {
    await startKeycloakSession(config);
    const instance = keycloak.instance!;
    instance.updateToken.mockRejectedValue(Object.assign(new Error('refresh refused'), { response: { status: 400 } }));
    instance.onTokenExpired?.();
    await vi.waitFor(() => expect(getAccessToken()).toBeNull());
  });

  it('keeps the token when a refresh fails for another reason', async () => {
    await startKeycloakSession(config);
    const instance = keycloak.instance!;
    instance.updateToken.mockRejectedValue(new TypeError('network down'));
    instance.onTokenExpired?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getAccessToken()).toBe('first-token');
  });
});

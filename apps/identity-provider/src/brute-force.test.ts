import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityProvider, type RunningIdentityProvider } from './app';
import { createBruteForceGuard } from './brute-force';
import { loadIdpConfig } from './config';
import { INVALID_CREDENTIALS, temporarilyLocked } from './interaction-routes';
import { keycloakRealm } from './keycloak-realm';
import { DEMO_REALM_DEFINITION } from './realm';
import { SignInFlow } from './testing/sign-in';

const SETTINGS = DEMO_REALM_DEFINITION.bruteForce;

describe('the brute-force guard, as Keycloak counts failures', () => {
  function guardAt(start = 1_000_000) {
    let time = start;
    const guard = createBruteForceGuard(SETTINGS, () => time);
    return { guard, wait: (ms: number) => (time += ms) };
  }

  it('locks a name out for waitIncrementSeconds once it has failureFactor failures, then longer, up to the maximum', () => {
    const { guard, wait } = guardAt();
    for (let i = 1; i < SETTINGS.failureFactor; i += 1) {
      guard.failed('viewer');
      expect(guard.lockedFor('viewer')).toBe(0);
      wait(SETTINGS.quickLoginCheckMilliSeconds + 1);
    }
    guard.failed('viewer');
    expect(guard.lockedFor('viewer')).toBe(SETTINGS.waitIncrementSeconds);
    wait(SETTINGS.waitIncrementSeconds * 1000);
    expect(guard.lockedFor('viewer')).toBe(0);
    // Every failure past the factor locks again, for the increment times the multiples reached.
    for (let i = 0; i < SETTINGS.failureFactor; i += 1) {
      guard.failed('viewer');
      wait(guard.lockedFor('viewer') * 1000 + 1);
    }
    guard.failed('viewer');
    expect(guard.lockedFor('viewer')).toBe(SETTINGS.waitIncrementSeconds * 2);
    for (let i = 0; i < 40 * SETTINGS.failureFactor; i += 1) {
      wait(guard.lockedFor('viewer') * 1000 + 1);
      guard.failed('viewer');
    }
    expect(guard.lockedFor('viewer')).toBe(SETTINGS.maxFailureWaitSeconds);
  });

  it('locks for the quick-login wait when two failures come closer than the quick-login check', () => {
    const { guard, wait } = guardAt();
    guard.failed('Viewer');
    wait(SETTINGS.quickLoginCheckMilliSeconds - 1);
    guard.failed(' viewer ');
    expect(guard.lockedFor('viewer')).toBe(SETTINGS.minimumQuickLoginWaitSeconds);
    expect(guard.lockedFor('operator')).toBe(0);
  });

  it('forgets failures after a successful sign-in, and after the failure reset time', () => {
    const { guard, wait } = guardAt();
    for (let i = 1; i < SETTINGS.failureFactor; i += 1) {
      guard.failed('viewer');
      wait(SETTINGS.quickLoginCheckMilliSeconds + 1);
    }
    guard.succeeded('viewer');
    guard.failed('viewer');
    expect(guard.lockedFor('viewer')).toBe(0);
    for (let i = 2; i < SETTINGS.failureFactor; i += 1) {
      wait(SETTINGS.quickLoginCheckMilliSeconds + 1);
      guard.failed('viewer');
    }
    wait(SETTINGS.maxDeltaTimeSeconds * 1000 + 1);
    guard.failed('viewer');
    expect(guard.lockedFor('viewer')).toBe(0);
  });
});

describe('brute-force protection on the login page', () => {
  let idp: RunningIdentityProvider;
  const REDIRECT_URI = 'http://127.0.0.1:8080/lighting/';
  beforeAll(async () => {
    idp = await startIdentityProvider(
      loadIdpConfig({ IDP_PORT: '0', IDP_CONSOLE_REDIRECT_URIS: `${REDIRECT_URI}*` }),
      pino({ level: 'silent' }),
    );
  });
  afterAll(() => idp.close());

  /** Submits the login form with each password in turn; answers the last page and where it landed. */
  async function attempt(username: string, passwords: string[]) {
    const signIn = new SignInFlow({ issuer: idp.issuer, redirectUri: REDIRECT_URI });
    const { response, url } = await signIn.start();
    let page = await response.text();
    let landed = url;
    for (const password of passwords) {
      const answer = await signIn.submit(url, page, 'kc-form-login', { username, password });
      page = await answer.response.text();
      landed = answer.url;
    }
    return { page, signedIn: landed.href.startsWith(REDIRECT_URI) };
  }

  it('refuses the right password after 60 wrong ones in a row, with how long to wait', async () => {
    const wrong = Array.from({ length: 60 }, (_, i) => `guess-${i}`);
    const { page, signedIn } = await attempt('viewer', [...wrong, 'viewer']);
    expect(signedIn).toBe(false);
    expect(page).toContain(temporarilyLocked(SETTINGS.waitIncrementSeconds));
    expect(page).not.toContain(INVALID_CREDENTIALS);
    // Another user is not held up.
    expect((await attempt('operator', ['operator'])).signedIn).toBe(true);
  });

  it('locks out a name nobody has just the same, so that a lockout tells nothing of who exists', async () => {
    const { page } = await attempt(
      'nobody-here',
      Array.from({ length: SETTINGS.failureFactor + 1 }, () => 'x'),
    );
    expect(page).toContain(temporarilyLocked(SETTINGS.waitIncrementSeconds));
  });

  it('uses the settings the Keycloak realm export turns on, so both refuse alike', () => {
    expect(keycloakRealm()).toMatchObject({ bruteForceProtected: true, ...SETTINGS });
  });
});

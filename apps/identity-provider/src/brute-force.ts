import type { BruteForceSettings } from './realm';
import { canonicalUsername } from './user-store';

/** What the guard remembers of a name: as Keycloak's user login failure record. */
interface Failures {
  count: number;
  lastFailureAt: number;
  /** Epoch milliseconds before which the name may not sign in. */
  notBefore: number;
}

/** Failed sign-ins by user name, and the lockouts they earn (Keycloak's brute-force detection). */
export interface BruteForceGuard {
  /** Whole seconds until `username` may try again; 0 when it may now. */
  lockedFor(username: string): number;
  /** A refused password for `username`: counted, and a lockout started when the settings say so. */
  failed(username: string): void;
  /** A successful sign-in: the name's failures are forgotten. */
  succeeded(username: string): void;
}

/** Names remembered at most; the one whose last failure is oldest is forgotten first. */
const CAPACITY = 10_000;

/**
 * Keycloak's temporary lockout, with its wait computed by multiples (DefaultBruteForceProtector):
 * failures count per user name, existing or not, so that a lockout tells nothing of who exists;
 * a gap longer than `maxDeltaTimeSeconds` since the last failure starts the count again; from
 * `failureFactor` failures on, each one locks the name for `waitIncrementSeconds` times
 * ⌊count / failureFactor⌋; below it, a failure within `quickLoginCheckMilliSeconds` of the last
 * locks for `minimumQuickLoginWaitSeconds`; no wait passes `maxFailureWaitSeconds`. Attempts while
 * locked out are refused without being counted, whatever the password.
 *
 * @example
 * const guard = createBruteForceGuard(DEMO_REALM_DEFINITION.bruteForce);
 * if (guard.lockedFor('viewer') > 0) … else if (wrong) guard.failed('viewer'); else guard.succeeded('viewer');
 */
export function createBruteForceGuard(settings: BruteForceSettings, now: () => number = Date.now): BruteForceGuard {
  const names = new Map<string, Failures>();

  function waitSeconds(count: number, sinceLast: number | null): number {
    let wait = settings.waitIncrementSeconds * Math.floor(count / settings.failureFactor);
    if (wait <= 0 && sinceLast !== null && sinceLast < settings.quickLoginCheckMilliSeconds) {
      wait = settings.minimumQuickLoginWaitSeconds;
    }
    return Math.min(wait, settings.maxFailureWaitSeconds);
  }

  return {
    lockedFor(username) {
      const left = (names.get(canonicalUsername(username))?.notBefore ?? 0) - now();
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
    failed(username) {
      const key = canonicalUsername(username);
      const at = now();
      const previous = names.get(key);
      const sinceLast = previous ? at - previous.lastFailureAt : null;
      const counting = previous && sinceLast !== null && sinceLast <= settings.maxDeltaTimeSeconds * 1000;
      const count = (counting ? previous.count : 0) + 1;
      const wait = waitSeconds(count, sinceLast);
      // Re-inserted, so that the map's order is the order of last failures.
      names.delete(key);
      names.set(key, { count, lastFailureAt: at, notBefore: wait > 0 ? at + wait * 1000 : 0 });
      const oldest = names.keys().next();
      if (names.size > CAPACITY && !oldest.done) names.delete(oldest.value);
    },
    succeeded(username) {
      names.delete(canonicalUsername(username));
    },
  };
}

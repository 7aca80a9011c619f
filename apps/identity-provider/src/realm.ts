import { DEMO_CLIENT_ID, DEMO_IDENTITIES, DEMO_REALM, DEMO_SERVICE_ACCOUNT, ROLES } from '@farola/protocol';

/**
 * Keycloak's brute-force detection (realm fields of the same names), temporary lockouts only: once
 * a user has `failureFactor` failed sign-ins, none closer together than `maxDeltaTimeSeconds`
 * (12 h) apart, each further failure locks the user out for `waitIncrementSeconds` times the
 * multiples of `failureFactor` reached, at most `maxFailureWaitSeconds`; two failures within
 * `quickLoginCheckMilliSeconds` lock for `minimumQuickLoginWaitSeconds`. Keycloak's default
 * strategy (by multiples) is the one meant.
 */
export interface BruteForceSettings {
  permanentLockout: false;
  maxTemporaryLockouts: 0;
  failureFactor: number;
  waitIncrementSeconds: number;
  maxFailureWaitSeconds: number;
  maxDeltaTimeSeconds: number;
  quickLoginCheckMilliSeconds: number;
  minimumQuickLoginWaitSeconds: number;
}

const BRUTE_FORCE: BruteForceSettings = {
  permanentLockout: false,
  maxTemporaryLockouts: 0,
  failureFactor: 5,
  waitIncrementSeconds: 60,
  maxFailureWaitSeconds: 15 * 60,
  maxDeltaTimeSeconds: 12 * 60 * 60,
  quickLoginCheckMilliSeconds: 1000,
  minimumQuickLoginWaitSeconds: 60,
};

/**
 * The demo realm as both the development provider and the Keycloak realm export describe it:
 * the console's public client with its client roles, the simulator's confidential client, the
 * demo users (each password equals the user name: development only), and the brute-force
 * detection both enforce.
 */
export const DEMO_REALM_DEFINITION = {
  realm: DEMO_REALM,
  consoleClientId: DEMO_CLIENT_ID,
  clientRoles: ROLES,
  users: DEMO_IDENTITIES.map((identity) => ({ ...identity, password: identity.username })),
  serviceAccount: DEMO_SERVICE_ACCOUNT,
  bruteForce: BRUTE_FORCE,
} as const;

import { DEMO_CLIENT_ID, DEMO_IDENTITIES, DEMO_REALM, DEMO_SERVICE_ACCOUNT, ROLES } from '@farola/protocol';

/**
 * The demo realm as both the development provider and the Keycloak realm export describe it:
 * the console's public client with its client roles, the simulator's confidential client, and
 * the demo users (each password equals the user name: development only).
 */
export const DEMO_REALM_DEFINITION = {
  realm: DEMO_REALM,
  consoleClientId: DEMO_CLIENT_ID,
  clientRoles: ROLES,
  users: DEMO_IDENTITIES.map((identity) => ({ ...identity, password: identity.username })),
  serviceAccount: DEMO_SERVICE_ACCOUNT,
} as const;

import { DEFAULT_CONSOLE_REDIRECT_URIS } from './config';
import { DEMO_REALM_DEFINITION } from './realm';

const LOCALES = ['de', 'en', 'es', 'fr', 'it', 'pl', 'pt'];

/** The same lifetimes as the development provider's defaults (provider.ts). */
const ACCESS_TOKEN_LIFESPAN_S = 300;
const SSO_SESSION_IDLE_S = 30 * 60;
const SSO_SESSION_MAX_S = 10 * 60 * 60;

function consoleClient(redirectUris: readonly string[]) {
  return {
    clientId: DEMO_REALM_DEFINITION.consoleClientId,
    name: 'Farola console',
    enabled: true,
    protocol: 'openid-connect',
    publicClient: true,
    standardFlowEnabled: true,
    implicitFlowEnabled: false,
    directAccessGrantsEnabled: false,
    serviceAccountsEnabled: false,
    baseUrl: '/lighting/',
    redirectUris: [...redirectUris],
    // "+": the origins of the redirect URIs (CORS on the token endpoint, the session-check iframe).
    webOrigins: ['+'],
    attributes: { 'pkce.code.challenge.method': 'S256', 'post.logout.redirect.uris': '+' },
    fullScopeAllowed: true,
  };
}

function simulatorClient() {
  const account = DEMO_REALM_DEFINITION.serviceAccount;
  return {
    clientId: account.clientId,
    name: 'Farola fleet simulator',
    enabled: true,
    protocol: 'openid-connect',
    publicClient: false,
    clientAuthenticatorType: 'client-secret',
    secret: account.clientSecret,
    standardFlowEnabled: false,
    implicitFlowEnabled: false,
    directAccessGrantsEnabled: false,
    serviceAccountsEnabled: true,
    fullScopeAllowed: true,
    protocolMappers: [
      {
        // The server accepts a token issued to another client when `aud` names the console's.
        name: 'console audience',
        protocol: 'openid-connect',
        protocolMapper: 'oidc-audience-mapper',
        consentRequired: false,
        config: {
          'included.client.audience': DEMO_REALM_DEFINITION.consoleClientId,
          'id.token.claim': 'false',
          'access.token.claim': 'true',
          'introspection.token.claim': 'true',
        },
      },
    ],
  };
}

function users() {
  const { consoleClientId, serviceAccount } = DEMO_REALM_DEFINITION;
  return [
    ...DEMO_REALM_DEFINITION.users.map((user) => ({
      id: user.id,
      username: user.username,
      enabled: true,
      emailVerified: true,
      firstName: user.givenName,
      lastName: user.familyName,
      email: user.email,
      attributes: { locale: [user.locale] },
      credentials: [{ type: 'password', value: user.password, temporary: false }],
      clientRoles: { [consoleClientId]: [...user.roles] },
    })),
    {
      id: serviceAccount.id,
      username: serviceAccount.username,
      enabled: true,
      serviceAccountClientId: serviceAccount.clientId,
      clientRoles: { [consoleClientId]: [...serviceAccount.roles] },
    },
  ];
}

/**
 * The demo realm in Keycloak 26's import format (`kc.sh import`, `start-dev --import-realm`),
 * built from the same definition as the development provider: the console's public client with
 * PKCE S256 and the product's client roles, the simulator's confidential client with its service
 * account and audience mapper, the demo users with fixed ids (the demo's project permissions
 * name them), and brute-force detection on. deploy/keycloak/farola-realm.json is its output
 * (`npm run realm:export`).
 */
export function keycloakRealm(redirectUris: readonly string[] = DEFAULT_CONSOLE_REDIRECT_URIS) {
  const { realm, consoleClientId, clientRoles, bruteForce } = DEMO_REALM_DEFINITION;
  return {
    realm,
    displayName: 'Farola',
    enabled: true,
    sslRequired: 'external',
    registrationAllowed: false,
    resetPasswordAllowed: false,
    loginWithEmailAllowed: true,
    internationalizationEnabled: true,
    supportedLocales: LOCALES,
    defaultLocale: 'en',
    accessTokenLifespan: ACCESS_TOKEN_LIFESPAN_S,
    ssoSessionIdleTimeout: SSO_SESSION_IDLE_S,
    ssoSessionMaxLifespan: SSO_SESSION_MAX_S,
    // Off in a new Keycloak realm; the development provider enforces the same (brute-force.ts).
    bruteForceProtected: true,
    ...bruteForce,
    roles: {
      client: {
        [consoleClientId]: clientRoles.map((name) => ({ name, composite: false, clientRole: true })),
      },
    },
    clients: [consoleClient(redirectUris), simulatorClient()],
    users: users(),
  };
}

/** The export as committed: two-space JSON and a final newline. */
export function keycloakRealmJson(): string {
  return `${JSON.stringify(keycloakRealm(), null, 2)}\n`;
}

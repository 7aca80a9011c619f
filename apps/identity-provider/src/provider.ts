import { randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from 'pino';
import { DEMO_CLIENT_ID, DEMO_SERVICE_ACCOUNT } from '@farola/protocol';
import type { IdpConfig } from './config';
import { SIGNING_ALGORITHM } from './keys';
import { logoutPage } from './pages/logout-page';
import { messagePage } from './pages/message-page';
import { redirectUriMatches } from './redirect-uris';
import { shapeRefreshTokensAsJwts } from './refresh-token-shape';
import { profileClaims, serviceAccountClaims, userAccessTokenClaims } from './token-claims';
import type { UserStore } from './user-store';

/** Keycloak's endpoint paths under the realm. */
export const OPENID_CONNECT_PATH = '/protocol/openid-connect';
/**
 * The resource every access token is issued for, so that oidc-provider issues it as a JWT (its
 * JWT format is per resource server) with the console's client id as audience.
 */
export const CONSOLE_RESOURCE = 'urn:farola:console';
const OIDC_SCOPES = 'openid profile email';
/** A refresh token lives 30 minutes unused (Keycloak's default SSO idle time); a session at most 10 hours. */
const REFRESH_TOKEN_TTL_S = 30 * 60;
const SESSION_TTL_S = 10 * 60 * 60;

/** Keycloak's `kc_action` parameter: the actions this provider performs. */
export const UPDATE_PASSWORD = 'UPDATE_PASSWORD';
/** The custom interaction prompt that runs Keycloak's update-password action. */
export const UPDATE_PASSWORD_PROMPT = 'update_password';

export interface ProviderOptions {
  config: IdpConfig;
  issuer: string;
  users: UserStore;
  signingKey: JWK;
  logger: Logger;
}

/** login, then (when `kc_action=UPDATE_PASSWORD` asks for it and it has not run yet) update_password, then consent. */
function interactionPolicyWithUpdatePassword() {
  const policy = interactionPolicy.base();
  const updatePassword = new interactionPolicy.Prompt(
    { name: UPDATE_PASSWORD_PROMPT, requestable: false },
    new interactionPolicy.Check('update_password_requested', 'the client asked for a password update', (ctx) =>
      ctx.oidc.params?.['kc_action'] === UPDATE_PASSWORD && !ctx.oidc.result?.[UPDATE_PASSWORD_PROMPT]
        ? interactionPolicy.Check.REQUEST_PROMPT
        : interactionPolicy.Check.NO_NEED_TO_PROMPT,
    ),
  );
  policy.add(updatePassword, 1);
  return policy;
}

/**
 * The realm's clients are first-party, so, as in Keycloak with consent off, a user who signs in
 * grants them everything they may ask for; the grant is kept with the session.
 */
async function loadOrGrantAll(ctx: KoaContextWithOIDC) {
  const { client, session, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = ctx.oidc.result?.['consent']?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  if (existing) return existing;
  const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(OIDC_SCOPES);
  grant.addResourceScope(CONSOLE_RESOURCE, OIDC_SCOPES);
  await grant.save();
  return grant;
}

function clients(config: IdpConfig): Configuration['clients'] {
  return [
    {
      client_id: DEMO_CLIENT_ID,
      client_name: 'Farola console',
      token_endpoint_auth_method: 'none',
      application_type: 'web',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: config.consoleRedirectUris,
      post_logout_redirect_uris: config.consoleRedirectUris,
    },
    {
      client_id: DEMO_SERVICE_ACCOUNT.clientId,
      client_name: 'Farola fleet simulator',
      client_secret: DEMO_SERVICE_ACCOUNT.clientSecret,
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
    },
  ];
}

type JwtCustomizer = NonNullable<NonNullable<NonNullable<Configuration['formats']>['customizers']>['jwt']>;

/** The realm's claims on a JWT access token, by who it was issued to. */
function jwtClaimsFor(users: UserStore): JwtCustomizer {
  return (_ctx, token, jwt) => {
    if (token.kind === 'ClientCredentials') {
      Object.assign(jwt.payload, serviceAccountClaims());
      return;
    }
    const user = users.findById(token.accountId);
    if (!user || !token.clientId) throw new Error('access token for an unknown account');
    Object.assign(jwt.payload, userAccessTokenClaims(user, token.clientId, token.sid));
  };
}

/**
 * keycloak-js calls the token endpoint with `credentials: 'include'`, which the browser allows only
 * when the answer says so for the exact origin; oidc-provider's CORS (kept, with its per-client
 * origin check) does not, so this adds it for the console's origins.
 */
function allowCredentialsForConsole(origins: readonly string[]): Parameters<Provider['use']>[0] {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const origin = ctx.get('Origin');
      if (origins.includes(origin) && ctx.response.get('Access-Control-Allow-Origin') === origin) {
        ctx.set('Access-Control-Allow-Credentials', 'true');
      }
    }
  };
}

function features(options: ProviderOptions): Configuration['features'] {
  const { config } = options;
  return {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    revocation: { enabled: true },
    // Served by the realm's own route (userinfo.ts): oidc-provider's refuses JWT access tokens.
    userinfo: { enabled: false },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => CONSOLE_RESOURCE,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, indicator) => {
        if (indicator !== CONSOLE_RESOURCE) throw new errors.InvalidTarget();
        return {
          scope: OIDC_SCOPES,
          audience: DEMO_CLIENT_ID,
          accessTokenFormat: 'jwt',
          accessTokenTTL: config.accessTokenTtlSeconds,
          jwt: { sign: { alg: SIGNING_ALGORITHM } },
        };
      },
    },
    rpInitiatedLogout: {
      enabled: true,
      logoutSource: (ctx, form) => {
        ctx.type = 'html';
        ctx.body = logoutPage(form);
      },
      postLogoutSuccessSource: (ctx) => {
        ctx.type = 'html';
        ctx.body = messagePage('Signed out', 'You have signed out of Farola.');
      },
    },
  };
}

/**
 * The realm as panva's oidc-provider: its clients, users, JWT access tokens carrying Keycloak's
 * claims, JWT-shaped refresh tokens, PKCE for the public console client, and Keycloak's routes.
 * The HTTP app (app.ts) mounts it under `/realms/{realm}` and adds the pages oidc-provider lacks.
 */
export function createProvider(options: ProviderOptions): Provider {
  const { config, issuer, users, signingKey, logger } = options;
  const realmPath = new URL(issuer).pathname;
  const provider = new Provider(issuer, {
    clients: clients(config),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'given_name', 'family_name', 'name', 'locale'],
      email: ['email', 'email_verified'],
    },
    // Like Keycloak, the ID token carries the profile, not only `sub`.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const user = users.findById(sub);
      return user && { accountId: user.id, claims: () => profileClaims(user) };
    },
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    routes: {
      authorization: `${OPENID_CONNECT_PATH}/auth`,
      token: `${OPENID_CONNECT_PATH}/token`,
      end_session: `${OPENID_CONNECT_PATH}/logout`,
      jwks: `${OPENID_CONNECT_PATH}/certs`,
      revocation: `${OPENID_CONNECT_PATH}/revoke`,
      userinfo: `${OPENID_CONNECT_PATH}/userinfo`,
    },
    discovery: {
      userinfo_endpoint: `${issuer}${OPENID_CONNECT_PATH}/userinfo`,
      check_session_iframe: `${issuer}${OPENID_CONNECT_PATH}/login-status-iframe.html`,
    },
    interactions: {
      url: (_ctx, interaction) => `${realmPath}/login-actions/${interaction.uid}`,
      policy: interactionPolicyWithUpdatePassword(),
    },
    extraParams: {
      kc_action: (_ctx, value) => {
        if (value !== undefined && value !== UPDATE_PASSWORD) {
          throw new errors.InvalidRequest(`kc_action ${value} is not supported`);
        }
      },
    },
    loadExistingGrant: loadOrGrantAll,
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: (_ctx, origin, client) =>
      client.clientId === DEMO_CLIENT_ID && config.consoleOrigins.includes(origin),
    formats: { customizers: { jwt: jwtClaimsFor(users) } },
    features: features(options),
    ttl: {
      AccessToken: config.accessTokenTtlSeconds,
      ClientCredentials: config.accessTokenTtlSeconds,
      IdToken: config.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL_S,
      Interaction: 60 * 60,
      Session: SESSION_TTL_S,
      Grant: SESSION_TTL_S,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage('Something went wrong', out.error_description ?? out.error);
    },
  });
  // Keycloak's redirect-URI patterns (`…/lighting/*`) instead of oidc-provider's exact match.
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(uri: string) {
    return redirectUriMatches(this.redirectUris ?? [], uri);
  };
  provider.Client.prototype.postLogoutRedirectUriAllowed = function postLogoutRedirectUriAllowed(uri: string) {
    return redirectUriMatches(this.postLogoutRedirectUris ?? [], uri);
  };
  // Keycloak names the session (`sid`) in every token; keycloak-js sends it to the session-check
  // iframe. oidc-provider does so only for clients with back-channel logout.
  provider.Client.prototype.includeSid = () => true;
  shapeRefreshTokensAsJwts(provider);
  provider.use(allowCredentialsForConsole(config.consoleOrigins));
  provider.on('server_error', (_ctx, error) => logger.error({ err: error }, 'identity provider error'));
  provider.on('grant.error', (_ctx, error) => logger.info({ error: error.message }, 'token request refused'));
  return provider;
}

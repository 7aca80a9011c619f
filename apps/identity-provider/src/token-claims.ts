import { DEMO_CLIENT_ID, DEMO_SERVICE_ACCOUNT } from '@farola/protocol';
import type { RealmUser } from './user-store';

/** Keycloak's `resource_access`: roles per client, the client omitted when it grants none. */
function resourceAccess(roles: readonly string[]): Record<string, { roles: string[] }> {
  return roles.length > 0 ? { [DEMO_CLIENT_ID]: { roles: [...roles] } } : {};
}

/** The profile claims Keycloak puts in ID tokens, userinfo answers and (with its default mappers) access tokens. */
export function profileClaims(user: RealmUser) {
  return {
    sub: user.id,
    preferred_username: user.username,
    given_name: user.givenName,
    family_name: user.familyName,
    name: `${user.givenName} ${user.familyName}`,
    email: user.email,
    email_verified: true,
    locale: user.locale,
  };
}

/**
 * What a signed-in user's access token says beyond the JWT basics (`iss`, `aud`, `exp`, `iat`,
 * `jti`, `scope`), as Keycloak's would: who (`sub` and the profile), for which client (`azp`), in
 * which session (`sid`, what the session-check iframe compares), and the client roles.
 */
export function userAccessTokenClaims(user: RealmUser, clientId: string, sid: string | undefined) {
  return {
    ...profileClaims(user),
    typ: 'Bearer',
    azp: clientId,
    ...(sid === undefined ? {} : { sid }),
    resource_access: resourceAccess(user.roles),
  };
}

/**
 * The simulator's service-account token, as Keycloak issues one to a confidential client with a
 * service account: the account as `sub`, the client as `azp`, and the console's client roles the
 * account holds (its audience mapper puts `console` in `aud`, so the server accepts it).
 */
export function serviceAccountClaims() {
  return {
    sub: DEMO_SERVICE_ACCOUNT.id,
    typ: 'Bearer',
    azp: DEMO_SERVICE_ACCOUNT.clientId,
    preferred_username: DEMO_SERVICE_ACCOUNT.username,
    resource_access: resourceAccess(DEMO_SERVICE_ACCOUNT.roles),
  };
}

import type Keycloak from 'keycloak-js';
import { z } from 'zod';
import { holdsAnyRole, type ResourceAccess, type SignedInUser } from '@/lib/auth/signed-in-user';

// The identity token's claims are outside input: validate the ones the console reads.
const ClaimsSchema = z.object({
  sub: z.string().default(''),
  preferred_username: z.string().default(''),
  name: z.string().default(''),
  given_name: z.string().default(''),
  family_name: z.string().default(''),
  picture: z.string().default(''),
  locale: z.string().nullable().default(null),
  resource_access: z.record(z.string(), z.object({ roles: z.array(z.string()).default([]) })).default({}),
});

/** The parts of a keycloak-js instance the user needs; a real `Keycloak` satisfies it. */
export type KeycloakLike = Pick<Keycloak, 'authenticated' | 'tokenParsed' | 'idTokenParsed' | 'logout' | 'login'>;

/** Builds the signed-in user from keycloak-js's parsed tokens (spec §3); roles are read from `clientId`. */
export function createKeycloakUser(keycloak: KeycloakLike, clientId: string): SignedInUser {
  const claims = ClaimsSchema.parse({ ...keycloak.idTokenParsed, ...keycloak.tokenParsed });
  const access: ResourceAccess = claims.resource_access;
  return {
    authenticated: keycloak.authenticated === true,
    userid: claims.sub,
    username: claims.preferred_username,
    name: claims.name,
    givenName: claims.given_name,
    familyName: claims.family_name,
    picture: claims.picture,
    locale: claims.locale,
    resource_access: access[clientId] ? { [clientId]: access[clientId] } : {},
    hasRole: (role) => holdsAnyRole(access, clientId, [role]),
    hasAnyRole: (roles) => holdsAnyRole(access, clientId, roles),
    hasAnyExternalRole: (roles, otherClient) => holdsAnyRole(access, otherClient, roles),
    isAdmin: () => holdsAnyRole(access, clientId, ['admin']),
    logout: () => void keycloak.logout(),
    changePassword: () => void keycloak.login({ action: 'UPDATE_PASSWORD' }),
  };
}

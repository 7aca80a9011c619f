import { RoleSchema, type Role } from '@farola/protocol';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { FarolaConfig } from '../config';
import { DomainError } from '../platform/domain-error';
import { DEMO_USER, type User } from './user';

/** Turns a bearer token (or none) into the calling user, or throws UNAUTHORIZED. */
export type Authenticate = (token: string | undefined) => Promise<User>;

/** Asymmetric signatures only: `none` and HMAC (a forger could sign with the realm's public key) are refused. */
export const TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'];
/** Clock skew tolerated on `exp`, `nbf` and `iat`, as the console's keycloak-js allows (spec §4). */
const CLOCK_TOLERANCE_S = 10;

const ClaimsSchema = z.object({
  sub: z.string().min(1),
  /**
   * Keycloak's kind of token: `Bearer` for an access token. An ID token (`ID`) names the same user
   * for the same client, but says only who signed in, not what the caller may do: refused.
   */
  typ: z.literal('Bearer'),
  azp: z.string().optional(),
  aud: z.union([z.string(), z.array(z.string())]).optional(),
  preferred_username: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  email: z.string().optional(),
  resource_access: z.record(z.string(), z.object({ roles: z.array(z.string()).default([]) })).optional(),
});

function rolesFrom(claims: z.infer<typeof ClaimsSchema>, clientId: string): Role[] {
  const held = claims.resource_access?.[clientId]?.roles ?? [];
  // Roles of other products on the same client are not ours to interpret.
  return held.flatMap((role) => (RoleSchema.safeParse(role).success ? [role as Role] : []));
}

/**
 * Whether the token was issued to this product's client: Keycloak names the requesting client in
 * `azp`; a token another client of the realm obtained for this one lists it in `aud`.
 */
function meantFor(claims: z.infer<typeof ClaimsSchema>, clientId: string): boolean {
  return claims.azp === clientId || [claims.aud ?? []].flat().includes(clientId);
}

export function userFromClaims(payload: JWTPayload, clientId: string): User {
  const claims = ClaimsSchema.safeParse(payload);
  if (!claims.success || !meantFor(claims.data, clientId)) throw new DomainError('UNAUTHORIZED');
  const roles = rolesFrom(claims.data, clientId);
  const user: User = {
    id: claims.data.sub,
    username: claims.data.preferred_username ?? claims.data.sub,
    givenName: claims.data.given_name ?? '',
    familyName: claims.data.family_name ?? '',
    email: claims.data.email ?? '',
    roles,
    isAdmin: roles.includes('admin'),
  };
  if (payload.exp !== undefined) user.expiresAt = (payload.exp + CLOCK_TOLERANCE_S) * 1000;
  return user;
}

/**
 * The demo user for every caller when AUTH_DISABLED, else verification of the realm's access
 * tokens against its JWKS (Keycloak's certs endpoint, fetched and cached by jose): an asymmetric
 * signature by a realm key, this realm as issuer, an expiry (10 s of clock skew allowed), an
 * access token (`typ: Bearer`; not an ID token) and this product's client as `azp` or in `aud`.
 */
export function createAuthenticator(config: Pick<FarolaConfig, 'authDisabled' | 'oauth'>): Authenticate {
  const oauth = config.oauth;
  if (config.authDisabled || !oauth) return async () => DEMO_USER;
  const issuer = `${oauth.url}/realms/${oauth.realm}`;
  const jwks = createRemoteJWKSet(new URL(oauth.jwksUrl ?? `${issuer}/protocol/openid-connect/certs`));
  return async (token) => {
    if (!token) throw new DomainError('UNAUTHORIZED');
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer,
        algorithms: TOKEN_ALGORITHMS,
        requiredClaims: ['exp', 'sub'],
        clockTolerance: CLOCK_TOLERANCE_S,
      });
      return userFromClaims(payload, oauth.clientId);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError('UNAUTHORIZED');
    }
  };
}

/** `Authorization: Bearer <token>` → token. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

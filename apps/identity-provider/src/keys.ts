import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

/** The realm's signing key: RS256, as Keycloak's default; its thumbprint names it (`kid`). */
export const SIGNING_ALGORITHM = 'RS256';

/**
 * A fresh signing key pair, made at every start: tokens do not outlive the process that issued
 * them, which suits a development provider (its sessions are in memory too).
 */
export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALGORITHM, use: 'sig' };
}

/** The public half of a private JWK, as the certs endpoint publishes it. */
export function publicJwk({ kty, n, e, kid, alg, use }: JWK): JWK {
  return { kty, n, e, kid, alg, use } as JWK;
}

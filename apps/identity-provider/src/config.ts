import { z } from 'zod';
import { DEMO_REALM } from '@farola/protocol';

/** How the development identity provider runs; `loadIdpConfig` builds it from IDP_* variables. */
export interface IdpConfig {
  port: number;
  /** Interface to listen on; every interface when unset. */
  host: string | undefined;
  /**
   * Origin browsers and services reach the provider at, e.g. `http://localhost:8180`; when unset,
   * `http://localhost:{the port it listens on}`. Tokens are issued by `${publicUrl}/realms/farola`.
   */
  publicUrl: string | undefined;
  /**
   * Where the console may be sent back after sign-in and sign-out: exact URLs or, as in Keycloak,
   * a prefix ending in `*` (`http://localhost:8080/lighting/*`). Their origins are the console's
   * web origins (CORS with credentials on the token endpoint, the session-check iframe).
   */
  consoleRedirectUris: string[];
  consoleOrigins: string[];
  accessTokenTtlSeconds: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const httpUrl = z.url({ protocol: /^https?$/ });

const RedirectUriSchema = z
  .string()
  .trim()
  .refine(
    (value) => httpUrl.safeParse(value.replace(/\*$/, '')).success,
    'Expected an http(s) URL, optionally ending in *',
  )
  .refine((value) => !value.includes('#'), 'A redirect URI carries no fragment');

const EnvSchema = z.object({
  IDP_PORT: optional(z.coerce.number().int().min(0).max(65_535)),
  IDP_HOST: optional(z.string().min(1)),
  IDP_PUBLIC_URL: optional(
    httpUrl.refine(
      (value) => new URL(value).pathname === '/',
      'Expected an origin without a path (the realm is mounted at /realms/…)',
    ),
  ),
  IDP_CONSOLE_REDIRECT_URIS: optional(z.string().transform((value) => value.split(',').filter(Boolean))).pipe(
    z.array(RedirectUriSchema).min(1).optional(),
  ),
  IDP_ACCESS_TOKEN_TTL_S: optional(z.coerce.number().int().min(5).max(86_400)),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
});

/** Every environment variable this app reads, by name (docs/configuration.md lists each: a test compares). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export const DEFAULT_IDP_PORT = 8180;
/** The demo console (`npm start`) on its default port, by either name of this machine. */
export const DEFAULT_CONSOLE_REDIRECT_URIS = ['http://localhost:8080/lighting/*', 'http://127.0.0.1:8080/lighting/*'];

/** The issuer of the realm's tokens, as Keycloak names it: `${publicUrl}/realms/farola`. */
export function issuerFor(publicUrl: string): string {
  return `${publicUrl}/realms/${DEMO_REALM}`;
}

export class IdpConfigError extends Error {}

/**
 * Reads IDP_PORT (8180), IDP_HOST, IDP_PUBLIC_URL (`http://localhost:${port}`),
 * IDP_CONSOLE_REDIRECT_URIS (comma-separated), IDP_ACCESS_TOKEN_TTL_S (300) and LOG_LEVEL.
 * A bad value throws an IdpConfigError naming it.
 *
 * @example
 * loadIdpConfig({ IDP_PORT: '18180' }).accessTokenTtlSeconds; // 300
 */
export function loadIdpConfig(source: Record<string, string | undefined> = process.env): IdpConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new IdpConfigError(`Invalid identity provider configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const consoleRedirectUris = env.IDP_CONSOLE_REDIRECT_URIS ?? DEFAULT_CONSOLE_REDIRECT_URIS;
  return {
    port: env.IDP_PORT ?? DEFAULT_IDP_PORT,
    host: env.IDP_HOST,
    publicUrl: env.IDP_PUBLIC_URL?.replace(/\/+$/, ''),
    consoleRedirectUris,
    consoleOrigins: [...new Set(consoleRedirectUris.map((uri) => new URL(uri.replace(/\*$/, '')).origin))],
    accessTokenTtlSeconds: env.IDP_ACCESS_TOKEN_TTL_S ?? 300,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

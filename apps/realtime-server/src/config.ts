import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';

/** The server's configuration, read once from the environment at start-up. */
export interface FarolaConfig {
  port: number;
  host: string;
  /** PGlite data folder, or `memory://` for an in-memory database. Ignored when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl: string | null;
  /** External broker; when null the embedded Aedes broker listens on `mqttPort`. */
  mqttUrl: string | null;
  mqttPort: number;
  /**
   * The server's MQTT credentials on an external broker (MQTT_USERNAME, MQTT_PASSWORD); null for
   * the embedded broker, which generates them at start, or for an external broker without auth.
   */
  mqttCredentials: { username: string; password: string } | null;
  /** Provisioning also creates the credentials in Mosquitto's dynamic security plugin (external broker). */
  mqttDynamicSecurity: boolean;
  /** The embedded broker closes a connection whose packet announces more bytes than this. */
  mqttMaxPacketBytes: number;
  /** Retained messages one client may keep on the embedded broker, by count and bytes. */
  mqttRetainedPerClient: { count: number; bytes: number };
  authDisabled: boolean;
  /** Seeds the demo realm's users and their project permissions (DEMO_IDENTITIES) at start: the demo and tests only. */
  demoData: boolean;
  /**
   * The realm's base URL (tokens' issuer, where browsers sign in), and where the server fetches the
   * realm's keys when it reaches the provider by another name (`jwksUrl`, e.g. inside docker-compose).
   */
  oauth: { url: string; realm: string; clientId: string; jwksUrl?: string } | null;
  consoleDir: string;
  map: { tileUrl: string; attribution: string; center: string; zoom: number; geocoderUrl: string };
  commandAttemptTimeoutMs: number;
  commandMaxAttempts: number;
  /** Every command's wait for a disconnected device, instead of its own (`COMMAND_DEVICE_WAIT_MS`); null: its own. */
  commandDeviceWaitMs: number | null;
  socketBatchMs: number;
  /** A socket whose unsent data passes this many bytes is disconnected (a client that does not read). */
  socketMaxBufferedBytes: number;
  /** How long, and how many items per stream, the realtime streams keep for clients that resume. */
  realtimeCatchupSeconds: number;
  realtimeCatchupItems: number;
  eventRetentionDays: number;
  /** Devices' logged hourly records older than this many days are deleted (LOG_RETENTION_DAYS). */
  logRetentionDays: number;
  /** Finished queued requests older than this many days are deleted (REQUEST_RETENTION_DAYS). */
  requestRetentionDays: number;
  /** Finished jobs (bulk actions and every other kind), with their items, older than this many days are deleted (BULK_JOB_RETENTION_DAYS). */
  bulkJobRetentionDays: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Origins besides the server's own whose pages may call the API and open sockets (a console served elsewhere). */
  corsOrigins: string[];
  /** The largest JSON body the API reads; a larger one is answered 413. */
  httpBodyLimitBytes: number;
  /** Which proxies' X-Forwarded-For to believe, as express's `trust proxy` setting. */
  trustProxy: TrustProxy;
  rateLimits: RateLimits;
}

/** Express's `trust proxy`: none, every one, a number of hops, or the proxies' addresses and subnets. */
export type TrustProxy = boolean | number | string[];

/**
 * Requests allowed per client and window. The API limits count per signed-in user (per address when
 * authentication is disabled); failed sign-ins and socket handshakes per address. 0 turns a limit off.
 */
export interface RateLimits {
  windowSeconds: number;
  api: number;
  expensiveReads: number;
  writes: number;
  authFailures: number;
  socketHandshakes: number;
}

/** Thrown when an environment variable holds a value the server cannot run with. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEFAULT_CONSOLE_DIR = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../console/dist');

// An empty variable counts as unset, as in most shells' `VAR= cmd`.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const url = z.url();
const rateLimit = optional(integer(0, 1_000_000_000));

const ORIGIN = /^https?:\/\/[^/?#\s]+$/;
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  )
  .refine(
    (origins) => origins.every((origin) => ORIGIN.test(origin) && URL.canParse(origin)),
    "Expected comma-separated origins such as 'https://console.example.com'",
  )
  // As browsers send them: lower-case host, no default port.
  .transform((origins) => origins.map((origin) => new URL(origin).origin));

const UNITS = { b: 1, kb: 1024, mb: 1024 * 1024 } as const;
const byteSize = z
  .string()
  .regex(/^\d+\s*(b|kb|mb)?$/i, "Expected a size in bytes, or with 'kb' or 'mb' (1024-based)")
  .transform((value) => {
    const [, amount = '0', unit = 'b'] = /^(\d+)\s*(\w*)$/.exec(value) ?? [];
    return Number(amount) * UNITS[(unit.toLowerCase() || 'b') as keyof typeof UNITS];
  })
  .pipe(
    z
      .number()
      .int()
      .min(1024, 'Expected at least 1kb')
      .max(100 * 1024 * 1024, 'Expected at most 100mb'),
  );

/** A proxy in TRUST_PROXY: a named range express knows, an address, or a subnet in CIDR form. */
function isProxySpec(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const proxies = value.split(',').map((item) => item.trim());
  if (proxies.every(isProxySpec)) return proxies;
  ctx.addIssue({
    code: 'custom',
    message:
      "Expected 'true', 'false', a number of hops, or comma-separated addresses, subnets, 'loopback', 'uniquelocal'",
  });
  return z.NEVER;
});

const EnvSchema = z.object({
  PORT: optional(integer(0, 65535)),
  HOST: optional(z.string().min(1)),
  DATA_DIR: optional(z.string().min(1)),
  DATABASE_URL: optional(url.refine((value) => /^postgres(ql)?:/.test(value), 'Expected a postgres:// URL')),
  MQTT_URL: optional(url.refine((value) => /^(mqtts?|wss?|tcp):/.test(value), 'Expected an mqtt:// URL')),
  MQTT_PORT: optional(integer(0, 65535)),
  MQTT_USERNAME: optional(z.string().min(1).max(256)),
  MQTT_PASSWORD: optional(z.string().min(1).max(1024)),
  MQTT_DYNSEC: optional(z.enum(['true', 'false'])),
  MQTT_MAX_PACKET_BYTES: optional(integer(1024, 268_435_455)),
  MQTT_MAX_RETAINED_PER_CLIENT: optional(integer(1, 10_000_000)),
  MQTT_MAX_RETAINED_BYTES_PER_CLIENT: optional(integer(1024, 1_073_741_824)),
  AUTH_DISABLED: optional(z.enum(['true', 'false'])),
  DEMO_DATA: optional(z.enum(['true', 'false'])),
  OAUTH_URL: optional(url),
  OAUTH_REALM: optional(z.string().min(1)),
  OAUTH_CLIENT_ID: optional(z.string().min(1)),
  OAUTH_JWKS_URL: optional(url),
  CONSOLE_DIR: optional(z.string().min(1)),
  MAP_TILE_URL: optional(z.string().min(1)),
  MAP_ATTRIBUTION: optional(z.string()),
  MAP_CENTER: optional(z.string().regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, "Expected 'lat,lng'")),
  MAP_ZOOM: optional(integer(0, 22)),
  MAP_GEOCODER_URL: optional(url),
  COMMAND_ATTEMPT_TIMEOUT_MS: optional(integer(10, 3_600_000)),
  COMMAND_MAX_ATTEMPTS: optional(integer(1, 100)),
  COMMAND_DEVICE_WAIT_MS: optional(integer(100, 30 * 86_400_000)),
  SOCKET_BATCH_MS: optional(integer(0, 10_000)),
  SOCKET_MAX_BUFFERED_BYTES: optional(integer(65_536, 1_073_741_824)),
  REALTIME_CATCHUP_SECONDS: optional(integer(1, 3600)),
  REALTIME_CATCHUP_ITEMS: optional(integer(100, 1_000_000)),
  EVENT_RETENTION_DAYS: optional(integer(1, 36_500)),
  LOG_RETENTION_DAYS: optional(integer(1, 36_500)),
  REQUEST_RETENTION_DAYS: optional(integer(1, 36_500)),
  BULK_JOB_RETENTION_DAYS: optional(integer(1, 36_500)),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  CORS_ORIGINS: optional(originList),
  HTTP_BODY_LIMIT: optional(byteSize),
  TRUST_PROXY: optional(trustProxy),
  RATE_LIMIT_WINDOW_SECONDS: optional(integer(1, 86_400)),
  RATE_LIMIT_API: rateLimit,
  RATE_LIMIT_EXPENSIVE_READS: rateLimit,
  RATE_LIMIT_WRITES: rateLimit,
  RATE_LIMIT_AUTH_FAILURES: rateLimit,
  RATE_LIMIT_SOCKET_HANDSHAKES: rateLimit,
});

/** Every environment variable this app reads, by name (docs/configuration.md lists each: a test compares). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

function oauthConfig(env: z.infer<typeof EnvSchema>): FarolaConfig['oauth'] {
  if (env.AUTH_DISABLED === 'true') return null;
  const missing = (['OAUTH_URL', 'OAUTH_REALM', 'OAUTH_CLIENT_ID'] as const).filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')} required when AUTH_DISABLED is not 'true' (set AUTH_DISABLED=true for the demo user)`,
    );
  }
  return {
    url: env.OAUTH_URL!.replace(/\/+$/, ''),
    realm: env.OAUTH_REALM!,
    clientId: env.OAUTH_CLIENT_ID!,
    ...(env.OAUTH_JWKS_URL ? { jwksUrl: env.OAUTH_JWKS_URL } : {}),
  };
}

function mqttCredentials(env: z.infer<typeof EnvSchema>): FarolaConfig['mqttCredentials'] {
  if (!env.MQTT_USERNAME && !env.MQTT_PASSWORD) return null;
  if (!env.MQTT_USERNAME || !env.MQTT_PASSWORD) {
    throw new ConfigError('Invalid configuration: MQTT_USERNAME and MQTT_PASSWORD go together');
  }
  if (!env.MQTT_URL) {
    throw new ConfigError(
      'Invalid configuration: MQTT_USERNAME and MQTT_PASSWORD are for an external broker (MQTT_URL); the embedded one generates its own',
    );
  }
  return { username: env.MQTT_USERNAME, password: env.MQTT_PASSWORD };
}

function mqttDynamicSecurity(env: z.infer<typeof EnvSchema>): boolean {
  if (env.MQTT_DYNSEC !== 'true') return false;
  if (!env.MQTT_URL || !env.MQTT_USERNAME) {
    throw new ConfigError(
      'Invalid configuration: MQTT_DYNSEC=true needs MQTT_URL, MQTT_USERNAME and MQTT_PASSWORD of a dynamic security admin',
    );
  }
  return true;
}

/**
 * Reads the configuration from environment variables, applying the documented defaults.
 * A bad value throws a ConfigError naming the variable.
 *
 * @example
 * loadConfig({ PORT: '0', DATA_DIR: 'memory://', MQTT_PORT: '0', AUTH_DISABLED: 'true' });
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): FarolaConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT ?? 8080,
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? path.resolve('.data/pglite'),
    databaseUrl: env.DATABASE_URL ?? null,
    mqttUrl: env.MQTT_URL ?? null,
    mqttPort: env.MQTT_PORT ?? 1884,
    mqttCredentials: mqttCredentials(env),
    mqttDynamicSecurity: mqttDynamicSecurity(env),
    mqttMaxPacketBytes: env.MQTT_MAX_PACKET_BYTES ?? 65_536,
    mqttRetainedPerClient: {
      count: env.MQTT_MAX_RETAINED_PER_CLIENT ?? 10_000,
      bytes: env.MQTT_MAX_RETAINED_BYTES_PER_CLIENT ?? 4 * 1024 * 1024,
    },
    authDisabled: env.AUTH_DISABLED === 'true',
    demoData: env.DEMO_DATA === 'true',
    oauth: oauthConfig(env),
    consoleDir: env.CONSOLE_DIR ? path.resolve(env.CONSOLE_DIR) : DEFAULT_CONSOLE_DIR,
    map: {
      tileUrl: env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: env.MAP_ATTRIBUTION ?? '© OpenStreetMap contributors',
      center: env.MAP_CENTER ?? '41.3874,2.1686',
      zoom: env.MAP_ZOOM ?? 15,
      geocoderUrl: env.MAP_GEOCODER_URL ?? '',
    },
    commandAttemptTimeoutMs: env.COMMAND_ATTEMPT_TIMEOUT_MS ?? 15_000,
    commandMaxAttempts: env.COMMAND_MAX_ATTEMPTS ?? 3,
    commandDeviceWaitMs: env.COMMAND_DEVICE_WAIT_MS ?? null,
    socketBatchMs: env.SOCKET_BATCH_MS ?? 50,
    socketMaxBufferedBytes: env.SOCKET_MAX_BUFFERED_BYTES ?? 4 * 1024 * 1024,
    realtimeCatchupSeconds: env.REALTIME_CATCHUP_SECONDS ?? 120,
    realtimeCatchupItems: env.REALTIME_CATCHUP_ITEMS ?? 20_000,
    eventRetentionDays: env.EVENT_RETENTION_DAYS ?? 30,
    // Thirteen months: a year of consumption charts, and the same month a year before.
    logRetentionDays: env.LOG_RETENTION_DAYS ?? 400,
    requestRetentionDays: env.REQUEST_RETENTION_DAYS ?? 90,
    bulkJobRetentionDays: env.BULK_JOB_RETENTION_DAYS ?? 90,
    logLevel: env.LOG_LEVEL ?? 'info',
    corsOrigins: env.CORS_ORIGINS ?? [],
    httpBodyLimitBytes: env.HTTP_BODY_LIMIT ?? 1024 * 1024,
    trustProxy: env.TRUST_PROXY ?? false,
    rateLimits: {
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS ?? 60,
      api: env.RATE_LIMIT_API ?? 1200,
      expensiveReads: env.RATE_LIMIT_EXPENSIVE_READS ?? 120,
      writes: env.RATE_LIMIT_WRITES ?? 120,
      authFailures: env.RATE_LIMIT_AUTH_FAILURES ?? 30,
      socketHandshakes: env.RATE_LIMIT_SOCKET_HANDSHAKES ?? 120,
    },
  };
}

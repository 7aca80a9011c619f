import { Router } from 'express';
import { type Authenticate, bearerToken } from '../auth/authenticator';
import type { FarolaConfig } from '../config';
import type { MqttMetrics } from '../device-link/router';
import type { LinkState } from '../device-link/mqtt-gateway';

export interface HealthSource {
  /** What modules add to the answer (`devices`, `storage`, …), read on every call. */
  fields: () => Record<string, unknown>;
  sockets: () => number;
  mqtt: MqttMetrics;
  /** The server's link to the MQTT broker, through which every device is reached. */
  deviceLink: () => LinkState;
  database: 'pglite' | 'postgres';
  broker: 'embedded' | 'external';
}

/** The console's runtime configuration (spec §7), as the script `src/config.js`. */
export function configScript(config: FarolaConfig): string {
  const values = {
    AUTH_DISABLED: String(config.authDisabled),
    OAUTH_URL: config.oauth?.url ?? '',
    OAUTH_REALM: config.oauth?.realm ?? '',
    OAUTH_CLIENT_ID: config.oauth?.clientId ?? '',
    MAP_TILE_URL: config.map.tileUrl,
    MAP_ATTRIBUTION: config.map.attribution,
    MAP_CENTER: config.map.center,
    MAP_ZOOM: String(config.map.zoom),
    MAP_GEOCODER_URL: config.map.geocoderUrl,
  };
  // JSON is valid JavaScript; escaping '<' keeps a value from closing a script tag.
  return `window.__FAROLA_CONFIG__ = ${JSON.stringify(values).replace(/</g, '\\u003c')};\n`;
}

/** Whether the caller is an administrator; anyone else, signed in or not, is not. */
async function isAdministrator(authenticate: Authenticate, header: string | undefined): Promise<boolean> {
  try {
    return (await authenticate(bearerToken(header))).isAdmin;
  } catch {
    return false;
  }
}

/**
 * Routes that need no user: health and the console's configuration script. Health tells anyone
 * whether the service is up; its counts and internals are for administrators (every caller when
 * authentication is disabled).
 */
export function systemRoutes(config: FarolaConfig, health: HealthSource, authenticate: Authenticate): Router {
  const router = Router();
  const startedAt = Date.now();
  // 503 while the broker is out of reach: a load balancer or a monitor sees the server cannot
  // reach a single device, though it still answers.
  router.get('/lighting/api/health', async (req, res) => {
    const deviceLink = { ...health.deviceLink() };
    const status = deviceLink.connected ? 'ok' : 'degraded';
    res.status(deviceLink.connected ? 200 : 503);
    if (!(await isAdministrator(authenticate, req.headers.authorization))) {
      res.json({ status });
      return;
    }
    res.json({
      status,
      deviceLink,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      ...health.fields(),
      sockets: health.sockets(),
      mqtt: { ...health.mqtt },
      database: health.database,
      broker: health.broker,
    });
  });
  const script = configScript(config);
  router.get('/lighting/src/config.js', (_req, res) => {
    res.set('Cache-Control', 'no-store').type('application/javascript').send(script);
  });
  return router;
}

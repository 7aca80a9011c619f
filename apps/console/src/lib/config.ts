import { z } from 'zod';

/**
 * The runtime configuration served by the realtime-server as `src/config.js` (spec §7): a script
 * that sets `window.__FAROLA_CONFIG__`. Values are strings, as in the server's environment.
 */
const RawConfigSchema = z.object({
  AUTH_DISABLED: z.string().default('false'),
  OAUTH_URL: z.string().default(''),
  OAUTH_REALM: z.string().default(''),
  OAUTH_CLIENT_ID: z.string().default(''),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  MAP_CENTER: z.string().default('41.3874,2.1686'),
  MAP_ZOOM: z.string().default('15'),
  MAP_GEOCODER_URL: z.string().default(''),
});

export interface RuntimeConfig {
  /** Spec §4: authentication is disabled only when the flag equals "true". */
  authDisabled: boolean;
  oauthUrl: string;
  oauthRealm: string;
  oauthClientId: string;
  mapTileUrl: string;
  mapAttribution: string;
  mapCenter: [number, number];
  mapZoom: number;
  /** A Nominatim-compatible geocoder for the map's 'search location'; empty: the control is hidden. */
  mapGeocoderUrl: string;
}

declare global {
  interface Window {
    __FAROLA_CONFIG__?: unknown;
  }
}

let current: RuntimeConfig | null = null;

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const config = RawConfigSchema.parse(raw ?? {});
  const [lat = 41.3874, lng = 2.1686] = config.MAP_CENTER.split(',').map(Number);
  return {
    authDisabled: config.AUTH_DISABLED === 'true',
    oauthUrl: config.OAUTH_URL,
    oauthRealm: config.OAUTH_REALM,
    oauthClientId: config.OAUTH_CLIENT_ID,
    mapTileUrl: config.MAP_TILE_URL,
    mapAttribution: config.MAP_ATTRIBUTION,
    mapCenter: [lat, lng],
    mapZoom: Number(config.MAP_ZOOM) || 15,
    mapGeocoderUrl: config.MAP_GEOCODER_URL,
  };
}

/** Loads `./src/config.js?v={timestamp}` (the timestamp defeats caches) and parses what it set. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${import.meta.env.BASE_URL}src/config.js?v=${Date.now()}`;
    // Everything else waits for it: ahead of the app's chunks in the browser's queue.
    script.fetchPriority = 'high';
    script.onload = () => {
      try {
        current = parseRuntimeConfig(window.__FAROLA_CONFIG__);
        resolve(current);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    script.onerror = () => reject(new Error(`${script.src} could not be loaded`));
    document.head.appendChild(script);
  });
}

/** The loaded configuration; start-up loads it before the app mounts. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration not loaded yet');
  return current;
}

/** For tests: set the configuration without loading the script. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

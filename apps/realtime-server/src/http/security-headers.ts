import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { FarolaConfig } from '../config';

type SecurityConfig = Pick<FarolaConfig, 'map' | 'oauth'>;
type Directive = string | ((req: IncomingMessage) => string);

// What may appear in a CSP host source; anything else in a configured URL is not written into the header.
const HOST_SOURCE = /^(\*\.)?[a-z0-9.-]+(:(\d+|\*))?$|^\[[0-9a-f:.]+\](:\d+)?$/;

/**
 * Where the map's tiles come from, as a CSP source for `img-src`: the tile URL's origin, any
 * subdomain where the host starts with Leaflet's `{s}` placeholder, or the whole scheme when another
 * placeholder sits in the host. A relative tile URL is the server's own (`'self'`): null.
 *
 * @example
 * tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png'); // 'https://*.tile.example.org'
 */
export function tileSource(tileUrl: string): string | null {
  const match = /^(?:([a-z][a-z0-9+.-]*):)?\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(tileUrl);
  if (!match) return null;
  const scheme = match[1]?.toLowerCase();
  const host = (match[2] ?? '').toLowerCase().replace(/^\{[a-z]+\}\./, '*.');
  if (HOST_SOURCE.test(host)) return scheme ? `${scheme}://${host}` : host;
  return scheme ? `${scheme}:` : null;
}

/** The identity provider's origin: keycloak-js calls its token endpoint and frames its session-check pages. */
function identityProviderOrigin(config: SecurityConfig): string | null {
  return config.oauth ? new URL(config.oauth.url).origin : null;
}

/**
 * The console's WebSocket to this server. CSP3 browsers match `ws:`/`wss:` to the page's own host
 * with `'self'`; naming the host the page was asked for also covers browsers that do not. A Host
 * header that is no plain host (a client can send anything) adds nothing.
 */
function ownSocketSources(req: IncomingMessage): string {
  const host = req.headers.host?.toLowerCase() ?? '';
  return HOST_SOURCE.test(host) && !host.startsWith('*') ? `ws://${host} wss://${host}` : '';
}

/**
 * The Content-Security-Policy of every answer, derived from the configuration: scripts only from the
 * server (the console's bundle and `src/config.js`; no inline script, no eval); styles from the
 * server and inline (Fluent UI's Griffel inserts `<style>` elements at run time, Leaflet positions
 * with inline styles); images from the server, `data:` (Leaflet's control icons), `blob:` (device photographs, fetched
 * with the caller's token) and the tile host;
 * fonts from the server; connections to the server (API, Socket.IO), the map's geocoder when one is
 * configured and, with authentication on, the identity provider, whose session-check pages are the only frames; the console may be framed only
 * by its own origin. docs/operations.md lists the policy.
 */
export function contentSecurityPolicy(config: SecurityConfig): Record<string, Directive[]> {
  const tiles = tileSource(config.map.tileUrl);
  const identityProvider = identityProviderOrigin(config);
  const geocoder = config.map.geocoderUrl ? new URL(config.map.geocoderUrl).origin : null;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ownSocketSources,
      ...(identityProvider ? [identityProvider] : []),
      ...(geocoder ? [geocoder] : []),
    ],
    'frame-src': identityProvider ? [identityProvider] : ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
}

/**
 * Security headers for a single-page app (helmet): the policy above, `X-Content-Type-Options:
 * nosniff`, `X-Frame-Options: SAMEORIGIN`, `Referrer-Policy: strict-origin-when-cross-origin` (tile
 * servers such as OpenStreetMap's refuse requests without a referrer) and no `X-Powered-By`. No
 * `upgrade-insecure-requests`: the server speaks plain HTTP unless a TLS proxy stands in front.
 */
export function securityHeaders(config: SecurityConfig): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }) as RequestHandler;
}

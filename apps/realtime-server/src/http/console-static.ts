import { existsSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

// Paths under /lighting/ that belong to the server, never to the console's router.
const SERVER_PATHS = /^\/lighting\/(api|socket\.io|src\/config\.js)(\/|$)/;

// The console's map and the device panels over it (its `paths.map`).
const MAP_PATHS = /^\/lighting\/map(\/|$)/;

/** `GET /fleet/columns` as the console's map asks for it (`fleet-prefetch.ts`), to preload. */
export const FLEET_PRELOAD = '</lighting/api/v1/fleet/columns>; rel=preload; as=fetch; crossorigin';

export interface ConsoleStaticOptions {
  /**
   * Whether index.html, opened on the map, tells the browser to fetch the fleet as it reads the
   * page (a `Link` preload): only without authentication, where the request needs no token.
   */
  preloadFleet: boolean;
}

/**
 * The built console under /lighting/: the build's precompressed `.br` and `.gz` files when the
 * browser accepts them (the compression middleware compresses anything else on the fly),
 * content-hashed assets cached for good, and every other GET answered with index.html so
 * history-mode deep links (/lighting/map/devices/ID) load the app.
 */
export function consoleStatic(consoleDir: string, { preloadFleet }: ConsoleStaticOptions): Router {
  const router = Router();
  const indexFile = path.join(consoleDir, 'index.html');
  router.get('/', (_req, res) => res.redirect('/lighting/'));
  router.use(
    '/lighting',
    expressStaticGzip(consoleDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        setHeaders: (res, file) => {
          const immutable = file.startsWith(path.join(consoleDir, 'assets') + path.sep);
          res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      },
    }),
  );
  router.get(/^\/lighting(\/.*)?$/, (req, res, next) => {
    if (SERVER_PATHS.test(req.path)) return next();
    if (!existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The console is not built yet: run `npm run build`, then reload.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    // The fleet's megabytes are on their way before the console's first script has run.
    if (preloadFleet && MAP_PATHS.test(req.path)) res.setHeader('Link', FLEET_PRELOAD);
    res.sendFile(indexFile);
  });
  return router;
}

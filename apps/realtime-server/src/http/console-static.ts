import { existsSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

// Paths under /lighting/ that belong to the server, never to the console's router.
const SERVER_PATHS = /^\/lighting\/(api|socket\.io|src\/config\.js)(\/|$)/;

/**
 * The built console under /lighting/: the build's precompressed `.br` and `.gz` files when the
 * browser accepts them (the compression middleware compresses anything else on the fly),
 * content-hashed assets cached for good, and every other GET answered with index.html so
 * history-mode deep links (/lighting/map/devices/ID) load the app. index.html has the browser fetch
 * nothing ahead: a `Link` preload of the map's fleet had the browser take in all of its megabytes
 * before the console's scripts, where the console now reads the part it draws first
 * (`lib/api/fleet-body.ts`).
 */
export function consoleStatic(consoleDir: string): Router {
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
    res.sendFile(indexFile);
  });
  return router;
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../testing/harness';
import { consoleStatic, FLEET_PRELOAD } from './console-static';

// A console build in miniature: index.html and a content-hashed script with its precompressed twins.
const SCRIPT = `console.log(${JSON.stringify('farola '.repeat(5000))});\n`;

describe("the console's files", () => {
  let dir: string;
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'farola-console-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><title>Farola</title><script src="/lighting/assets/index-Ab12Cd.js"></script>',
    );
    writeFileSync(path.join(dir, 'assets/index-Ab12Cd.js'), SCRIPT);
    writeFileSync(path.join(dir, 'assets/index-Ab12Cd.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dir, 'assets/index-Ab12Cd.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(dir, 'assets/plain-Zz99.css'), `body{color:red}${' '.repeat(4000)}`);
    h = await startHarness({ CONSOLE_DIR: dir });
    base = h.server.httpUrl;
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding: string) => fetch(`${base}${url}`, { headers: { 'accept-encoding': encoding } });

  it('serves a hashed script precompressed, brotli first, cached for a year as immutable', async () => {
    const br = await get('/lighting/assets/index-Ab12Cd.js', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(await br.text()).toBe(SCRIPT); // fetch decodes it: the bytes are the script's

    const gz = await get('/lighting/assets/index-Ab12Cd.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(SCRIPT);

    const plain = await get('/lighting/assets/index-Ab12Cd.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('compresses a file without a precompressed twin on the fly, and API answers too', async () => {
    const css = await get('/lighting/assets/plain-Zz99.css', 'gzip');
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const api = await get('/lighting/api/v1/openapi.json', 'gzip');
    expect(api.headers.get('content-encoding')).toBe('gzip');
  });

  it('never lets a browser cache index.html, so a new build is picked up at once', async () => {
    const index = await get('/lighting/map/devices/6c0f0000-0000-4000-8000-000000000000', 'gzip');
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('<title>Farola</title>');
  });
});

describe("the console's page, opened on the map", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'farola-console-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Farola</title>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The `Link` header of index.html at each path, from a server that preloads the fleet or not. */
  async function linksAt(preloadFleet: boolean, paths: string[]): Promise<(string | null)[]> {
    const app = express().use(consoleStatic(dir, { preloadFleet }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      return await Promise.all(
        paths.map(async (at) => (await fetch(`http://127.0.0.1:${port}${at}`)).headers.get('link')),
      );
    } finally {
      server.close();
    }
  }

  it('has the browser fetch the fleet as it reads the page, without authentication', async () => {
    const [map, panel, home, inventory] = await linksAt(true, [
      '/lighting/map',
      '/lighting/map/devices/6c0f0000-0000-4000-8000-000000000000',
      '/lighting/',
      '/lighting/inventory/light-points',
    ]);
    // The console's own request (fleet-prefetch.ts) then takes the preloaded answer.
    expect(map).toBe('</lighting/api/v1/fleet/columns>; rel=preload; as=fetch; crossorigin');
    expect(panel).toBe(FLEET_PRELOAD);
    // Other screens do not show the fleet: no megabytes for them.
    expect(home).toBeNull();
    expect(inventory).toBeNull();
  });

  it('preloads nothing with authentication on, where the request needs a token', async () => {
    expect(await linksAt(false, ['/lighting/map'])).toEqual([null]);
  });
});

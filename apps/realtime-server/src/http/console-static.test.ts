import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../testing/harness';
import { consoleStatic } from './console-static';

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

  it('has the browser fetch no fleet ahead: the console reads the part it draws first', async () => {
    const server = express().use(consoleStatic(dir)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const page = await fetch(`http://127.0.0.1:${port}/lighting/map`);
      expect(page.status).toBe(200);
      // A preload would take in the fleet's megabytes whole, before the console's scripts.
      expect(page.headers.get('link')).toBeNull();
    } finally {
      server.close();
    }
  });
});

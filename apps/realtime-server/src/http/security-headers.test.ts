import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from '../auth/user';
import { type StartedHttpApp, startHttpApp } from '../testing/http-app';
import { tileSource } from './security-headers';

/** `default-src 'self'; img-src …` → { 'default-src': ["'self'"], 'img-src': [...] } */
function directives(policy: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** The Content-Security-Policy of a GET sent with this Host header (fetch would not send one of its own). */
function policyFor(url: string, host: string): Promise<Record<string, string[]>> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(directives(String(res.headers['content-security-policy'] ?? '')));
    }).on('error', reject);
  });
}

describe('tileSource', () => {
  it('is the tile URL’s origin, any subdomain for {s}, and the server itself for a relative URL', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tiles.example.org:8443/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.org:8443');
    expect(tileSource('//tiles.example.org/{z}/{x}/{y}.png')).toBe('tiles.example.org');
    expect(tileSource('/lighting/tiles/{z}/{x}/{y}.png')).toBeNull();
  });

  it('falls back to the scheme when the host holds another placeholder or characters a policy cannot carry', () => {
    expect(tileSource('https://tiles-{s}.example.org/{z}/{x}/{y}.png')).toBe('https:');
    expect(tileSource("https://evil.example;script-src 'unsafe-inline'/{z}")).toBe('https:');
  });
});

describe('security headers', () => {
  let consoleDir: string;
  let withAuth: StartedHttpApp;
  let withoutAuth: StartedHttpApp;
  beforeAll(async () => {
    consoleDir = mkdtempSync(path.join(tmpdir(), 'farola-console-'));
    writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>Farola</title>');
    withAuth = await startHttpApp(
      {
        CONSOLE_DIR: consoleDir,
        OAUTH_URL: 'https://sso.example.org/auth/',
        OAUTH_REALM: 'farola',
        OAUTH_CLIENT_ID: 'console',
        MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        MAP_GEOCODER_URL: 'https://places.example.org/nominatim',
      },
      { authenticate: async () => DEMO_USER },
    );
    withoutAuth = await startHttpApp(
      { CONSOLE_DIR: consoleDir, AUTH_DISABLED: 'true' },
      { authenticate: async () => DEMO_USER },
    );
  });
  afterAll(async () => {
    await withAuth?.close();
    await withoutAuth?.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('give the console a policy allowing only its own scripts, the tile host, the geocoder and the identity provider', async () => {
    expect(await policyFor(`${withAuth.url}/lighting/map`, 'lighting.example.org')).toEqual({
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https://*.tiles.example.org'],
      'font-src': ["'self'"],
      'connect-src': [
        "'self'",
        'ws://lighting.example.org',
        'wss://lighting.example.org',
        'https://sso.example.org',
        'https://places.example.org',
      ],
      'frame-src': ['https://sso.example.org'],
      'frame-ancestors': ["'self'"],
      'form-action': ["'self'"],
      'object-src': ["'none'"],
    });
  });

  it('frame nothing and connect only to the server itself when authentication is disabled', async () => {
    const answer = await fetch(`${withoutAuth.url}/lighting/`);
    const policy = directives(answer.headers.get('content-security-policy'));
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(policy['connect-src']).toEqual([
      "'self'",
      `ws://${new URL(withoutAuth.url).host}`,
      `wss://${new URL(withoutAuth.url).host}`,
    ]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
  });

  it('name no host a request made up', async () => {
    const policy = await policyFor(`${withoutAuth.url}/lighting/`, "x;script-src 'unsafe-eval'");
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
  });

  it.each([
    '/lighting/',
    '/lighting/src/config.js',
    '/lighting/api/v1/me',
    '/lighting/api/v1/nothing-here',
    '/lighting/api/health',
  ])('come with %s: nosniff, same-origin framing, a referrer policy, no X-Powered-By', async (urlPath) => {
    const answer = await fetch(`${withAuth.url}${urlPath}`);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(answer.headers.has('x-powered-by')).toBe(false);
  });
});

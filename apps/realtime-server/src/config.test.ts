import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults when auth is disabled', () => {
    const config = loadConfig({ AUTH_DISABLED: 'true' });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      mqttPort: 1884,
      databaseUrl: null,
      mqttUrl: null,
      commandAttemptTimeoutMs: 15000,
      commandMaxAttempts: 3,
      commandDeviceWaitMs: null,
      socketBatchMs: 50,
      socketMaxBufferedBytes: 4 * 1024 * 1024,
      realtimeCatchupSeconds: 120,
      realtimeCatchupItems: 20_000,
      eventRetentionDays: 30,
      map: { center: '41.3874,2.1686', zoom: 15 },
    });
    expect(config).toMatchObject({
      corsOrigins: [],
      httpBodyLimitBytes: 1024 * 1024,
      trustProxy: false,
      rateLimits: {
        windowSeconds: 60,
        api: 1200,
        expensiveReads: 120,
        writes: 120,
        authFailures: 30,
        socketHandshakes: 120,
      },
    });
    expect(config.dataDir).toMatch(/\.data\/pglite$/);
    expect(config.consoleDir).toMatch(/apps\/console\/dist$/);
  });

  it('refuses a bad value and names the variable', () => {
    expect(() => loadConfig({ AUTH_DISABLED: 'true', PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ AUTH_DISABLED: 'true', MQTT_PORT: '70000' })).toThrow(/MQTT_PORT/);
    expect(() => loadConfig({ AUTH_DISABLED: 'yes' })).toThrow(/AUTH_DISABLED/);
    expect(() => loadConfig({ AUTH_DISABLED: 'true', DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ AUTH_DISABLED: 'true', MAP_CENTER: 'Barcelona' })).toThrow(/MAP_CENTER/);
    expect(() => loadConfig({ AUTH_DISABLED: 'true', SOCKET_MAX_BUFFERED_BYTES: '1000' })).toThrow(
      /SOCKET_MAX_BUFFERED_BYTES/,
    );
    expect(() => loadConfig({ AUTH_DISABLED: 'true', REALTIME_CATCHUP_SECONDS: '0' })).toThrow(
      /REALTIME_CATCHUP_SECONDS/,
    );
    expect(() => loadConfig({ AUTH_DISABLED: 'true', REALTIME_CATCHUP_ITEMS: 'many' })).toThrow(
      /REALTIME_CATCHUP_ITEMS/,
    );
  });

  it('reads the HTTP hardening settings', () => {
    const config = loadConfig({
      AUTH_DISABLED: 'true',
      CORS_ORIGINS: 'https://Console.Example.org/, http://localhost:5173',
      HTTP_BODY_LIMIT: '256kb',
      TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::1',
      RATE_LIMIT_WINDOW_SECONDS: '10',
      RATE_LIMIT_API: '0',
      RATE_LIMIT_WRITES: '5000',
    });
    expect(config.corsOrigins).toEqual(['https://console.example.org', 'http://localhost:5173']);
    expect(config.httpBodyLimitBytes).toBe(256 * 1024);
    expect(config.trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::1']);
    expect(config.rateLimits).toMatchObject({ windowSeconds: 10, api: 0, writes: 5000, expensiveReads: 120 });
    expect(loadConfig({ AUTH_DISABLED: 'true', HTTP_BODY_LIMIT: '2MB' }).httpBodyLimitBytes).toBe(2 * 1024 * 1024);
    expect(loadConfig({ AUTH_DISABLED: 'true', HTTP_BODY_LIMIT: '4096' }).httpBodyLimitBytes).toBe(4096);
    expect(loadConfig({ AUTH_DISABLED: 'true', TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ AUTH_DISABLED: 'true', TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('refuses a bad HTTP hardening setting and names it', () => {
    const bad = (env: Record<string, string>) => () => loadConfig({ AUTH_DISABLED: 'true', ...env });
    expect(bad({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
    expect(bad({ CORS_ORIGINS: 'https://console.example.org/app' })).toThrow(/CORS_ORIGINS/);
    expect(bad({ CORS_ORIGINS: 'console.example.org' })).toThrow(/CORS_ORIGINS/);
    expect(bad({ HTTP_BODY_LIMIT: '1gb' })).toThrow(/HTTP_BODY_LIMIT/);
    expect(bad({ HTTP_BODY_LIMIT: '200mb' })).toThrow(/HTTP_BODY_LIMIT/);
    expect(bad({ HTTP_BODY_LIMIT: '10' })).toThrow(/HTTP_BODY_LIMIT/);
    expect(bad({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(bad({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(bad({ RATE_LIMIT_API: '-1' })).toThrow(/RATE_LIMIT_API/);
    expect(bad({ RATE_LIMIT_WINDOW_SECONDS: '0' })).toThrow(/RATE_LIMIT_WINDOW_SECONDS/);
  });

  it('requires the identity provider settings when authentication is enabled', () => {
    expect(() => loadConfig({})).toThrow(/OAUTH_URL, OAUTH_REALM, OAUTH_CLIENT_ID/);
    const config = loadConfig({ OAUTH_URL: 'http://idp.local/', OAUTH_REALM: 'farola', OAUTH_CLIENT_ID: 'console' });
    expect(config.oauth).toEqual({ url: 'http://idp.local', realm: 'farola', clientId: 'console' });
  });
});

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
      socketBatchMs: 50,
      socketMaxBufferedBytes: 4 * 1024 * 1024,
      realtimeCatchupSeconds: 120,
      realtimeCatchupItems: 20_000,
      eventRetentionDays: 30,
      map: { center: '41.3874,2.1686', zoom: 15 },
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

  it('requires the identity provider settings when authentication is enabled', () => {
    expect(() => loadConfig({})).toThrow(/OAUTH_URL, OAUTH_REALM, OAUTH_CLIENT_ID/);
    const config = loadConfig({ OAUTH_URL: 'http://idp.local/', OAUTH_REALM: 'farola', OAUTH_CLIENT_ID: 'console' });
    expect(config.oauth).toEqual({ url: 'http://idp.local', realm: 'farola', clientId: 'console' });
  });
});

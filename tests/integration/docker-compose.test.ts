import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { loadSimulatorConfig } from '@farola/fleet-simulator';
import { DEMO_CLIENT_ID, DEMO_REALM } from '@farola/protocol';
import { loadConfig } from '@farola/realtime-server';

interface ComposeFile {
  services: Record<
    string,
    {
      image?: string;
      environment?: Record<string, string>;
      command?: string[];
      depends_on?: object;
      volumes?: string[];
    }
  >;
}

const compose = load(
  readFileSync(fileURLToPath(new URL('../../docker-compose.yml', import.meta.url)), 'utf8'),
) as ComposeFile;

/** Resolves compose's `${NAME:-default}` the way `docker compose` does when NAME is unset. */
function resolveDefaults(environment: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment).map(([name, value]) => [name, value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')]),
  );
}

// Docker does not run here: the live-chain test runs this same topology (PostgreSQL, Mosquitto,
// server, simulator) as plain processes; this test keeps the file itself in step with the code.
describe('docker-compose.yml', () => {
  it('describes the database, the broker, Keycloak, the server and the simulator', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'fleet-simulator',
      'keycloak',
      'mosquitto',
      'postgres',
      'realtime-server',
    ]);
  });

  it('imports the committed demo realm into Keycloak 26', () => {
    const keycloak = compose.services['keycloak'];
    expect(keycloak?.image).toBe('quay.io/keycloak/keycloak:26');
    expect(keycloak?.command).toEqual(expect.arrayContaining(['start-dev', '--import-realm']));
    const mount = keycloak?.volumes?.find((volume) => volume.split(':')[1] === '/opt/keycloak/data/import');
    const folder = mount?.split(':')[0] ?? '';
    const realm = JSON.parse(
      readFileSync(fileURLToPath(new URL(`../../${folder}/farola-realm.json`, import.meta.url)), 'utf8'),
    );
    expect(realm).toMatchObject({ realm: DEMO_REALM });
  });

  it("points the server's sign-in at Keycloak's demo realm once AUTH_DISABLED=false", () => {
    const environment = resolveDefaults(compose.services['realtime-server']?.environment);
    expect(loadConfig(environment).authDisabled).toBe(true);
    const config = loadConfig({ ...environment, AUTH_DISABLED: 'false' });
    // Browsers sign in at localhost (Keycloak's KC_HOSTNAME, its tokens' issuer); the server fetches keys inside the network.
    expect(config.oauth).toEqual({
      url: 'http://localhost:8180',
      realm: DEMO_REALM,
      clientId: DEMO_CLIENT_ID,
      jwksUrl: 'http://keycloak:8180/realms/farola/protocol/openid-connect/certs',
    });
    expect(resolveDefaults(compose.services['keycloak']?.environment)['KC_HOSTNAME']).toBe(config.oauth?.url);
  });

  it('sets only configuration the server accepts, on PostgreSQL and the external broker', () => {
    const config = loadConfig(resolveDefaults(compose.services['realtime-server']?.environment));
    expect(config.databaseUrl).toBe('postgres://farola:farola@postgres:5432/farola');
    expect(config.mqttUrl).toBe('mqtt://mosquitto:1883');
    // The server signs in to Mosquitto and administers its dynamic security plugin.
    expect(config.mqttCredentials?.username).toBe('farola-server');
    expect(config.mqttDynamicSecurity).toBe(true);
  });

  it("mounts the repository's Mosquitto configuration, with authentication", () => {
    const volumes = (compose.services['mosquitto'] as { volumes?: string[] }).volumes ?? [];
    for (const file of ['mosquitto.conf', 'dynamic-security.json']) {
      expect(volumes.some((volume) => volume.startsWith(`./deploy/mosquitto/${file}:`))).toBe(true);
      expect(existsSync(fileURLToPath(new URL(`../../deploy/mosquitto/${file}`, import.meta.url)))).toBe(true);
    }
  });

  it('points the simulator at the same broker the server uses', () => {
    const options = loadSimulatorConfig(resolveDefaults(compose.services['fleet-simulator']?.environment));
    expect(options.mqttUrl).toBe('mqtt://mosquitto:1883');
    expect(options.provisioning?.apiUrl).toBe('http://realtime-server:8080/lighting/api');
    const script = compose.services['fleet-simulator']?.command?.at(-1) ?? '';
    expect(existsSync(fileURLToPath(new URL(`../../${script}`, import.meta.url)))).toBe(true);
  });
});

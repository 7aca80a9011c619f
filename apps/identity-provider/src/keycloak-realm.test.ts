import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITIES, DEMO_SERVICE_ACCOUNT, ROLES } from '@farola/protocol';
import { keycloakRealm, keycloakRealmJson } from './keycloak-realm';

const COMMITTED = new URL('../../../deploy/keycloak/farola-realm.json', import.meta.url);

describe('the Keycloak realm export', () => {
  it('is committed exactly as the realm definition produces it (npm run realm:export)', async () => {
    expect(await readFile(COMMITTED, 'utf8')).toBe(keycloakRealmJson());
  });

  it("declares the console's public PKCE client with the product's client roles", () => {
    const realm = keycloakRealm();
    const console = realm.clients.find((client) => client.clientId === 'console');
    expect(console).toMatchObject({
      publicClient: true,
      standardFlowEnabled: true,
      attributes: { 'pkce.code.challenge.method': 'S256' },
    });
    expect(realm.roles.client.console.map((role) => role.name)).toEqual([...ROLES]);
  });

  it('gives each demo user its fixed id, password and roles, and the simulator its service account', () => {
    const realm = keycloakRealm();
    for (const identity of DEMO_IDENTITIES) {
      expect(realm.users).toContainEqual(
        expect.objectContaining({
          id: identity.id,
          username: identity.username,
          credentials: [{ type: 'password', value: identity.username, temporary: false }],
          clientRoles: { console: [...identity.roles] },
        }),
      );
    }
    expect(realm.users).toContainEqual(
      expect.objectContaining({ id: DEMO_SERVICE_ACCOUNT.id, serviceAccountClientId: 'fleet-simulator' }),
    );
    const simulator = realm.clients.find((client) => client.clientId === 'fleet-simulator');
    expect(simulator).toMatchObject({ serviceAccountsEnabled: true, secret: DEMO_SERVICE_ACCOUNT.clientSecret });
    expect(JSON.stringify(simulator)).toContain('"included.client.audience":"console"');
  });
});

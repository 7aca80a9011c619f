import { describe, expect, it } from 'vitest';
import { createKeycloakUser, type KeycloakLike } from './keycloak-user';

function keycloakWith(claims: Record<string, unknown>, calls: unknown[] = []): KeycloakLike {
  return {
    authenticated: true,
    tokenParsed: claims,
    idTokenParsed: {},
    logout: async (options) => void calls.push(['logout', options]),
    login: async (options) => void calls.push(['login', options]),
  };
}

describe('the identity-provider user', () => {
  const claims = {
    sub: 'u-1',
    preferred_username: 'ana',
    given_name: 'Ana',
    family_name: 'Pérez',
    locale: 'pl',
    resource_access: { farola: { roles: ['view-devices'] }, other: { roles: ['admin'] } },
  };

  it('reads its profile from the token', () => {
    const user = createKeycloakUser(keycloakWith(claims), 'farola');
    expect(user).toMatchObject({ userid: 'u-1', username: 'ana', givenName: 'Ana', familyName: 'Pérez', locale: 'pl' });
    expect(user.name).toBe('');
    expect(user.resource_access).toEqual({ farola: { roles: ['view-devices'] } });
  });

  it("checks roles on the product's own client only", () => {
    const user = createKeycloakUser(keycloakWith(claims), 'farola');
    expect(user.hasRole('view-devices')).toBe(true);
    expect(user.hasAnyRole(['manage-alarms', 'view-alarms'])).toBe(false);
    expect(user.isAdmin()).toBe(false);
  });

  it('lets admin pass every check, and on another client too', () => {
    const admin = createKeycloakUser(keycloakWith({ resource_access: { farola: { roles: ['admin'] } } }), 'farola');
    expect(admin.hasAnyRole(['view-dashboard'])).toBe(true);
    const user = createKeycloakUser(keycloakWith(claims), 'farola');
    expect(user.hasAnyExternalRole(['anything'], 'other')).toBe(true);
    expect(user.hasAnyExternalRole(['view-devices'], 'missing')).toBe(false);
  });

  it('has no roles when the token carries none', () => {
    const user = createKeycloakUser(keycloakWith({ sub: 'u-2' }), 'farola');
    expect(user.resource_access).toEqual({});
    expect(user.hasRole('view-devices')).toBe(false);
  });

  it('changes the password through the provider’s UPDATE_PASSWORD action', () => {
    const calls: unknown[] = [];
    createKeycloakUser(keycloakWith(claims, calls), 'farola').changePassword();
    expect(calls).toEqual([['login', { action: 'UPDATE_PASSWORD' }]]);
  });
});

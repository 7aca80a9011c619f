import { holdsAnyRole, type SignedInUser } from './signed-in-user';

/** A signed-in user holding `roles` on the console's client, for tests of role-dependent screens. */
export function userWithRoles(roles: readonly string[], clientId = 'console'): SignedInUser {
  const access = { [clientId]: { roles: [...roles] } };
  return {
    authenticated: true,
    userid: 'test-user',
    username: 'test',
    name: 'Test User',
    givenName: 'Test',
    familyName: 'User',
    picture: '',
    locale: 'en',
    resource_access: access,
    hasRole: (role) => holdsAnyRole(access, clientId, [role]),
    hasAnyRole: (required) => holdsAnyRole(access, clientId, required),
    hasAnyExternalRole: (required, otherClient) => holdsAnyRole(access, otherClient, required),
    isAdmin: () => holdsAnyRole(access, clientId, ['admin']),
    logout: () => undefined,
    changePassword: () => undefined,
  };
}

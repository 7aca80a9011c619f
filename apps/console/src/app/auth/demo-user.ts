import type { SignedInUser } from '@/lib/auth/signed-in-user';

/**
 * The user of an installation without an identity provider (spec §3): locale 'es', a stock
 * portrait, and every permission check passes. Logging out has no provider to end a session at,
 * so it reloads the console.
 */
export function createDemoUser(reload: () => void = () => window.location.reload()): SignedInUser {
  return {
    authenticated: true,
    userid: 'demo',
    username: 'demo',
    name: 'Demo User',
    givenName: 'Demo',
    familyName: 'User',
    picture: `${import.meta.env.BASE_URL}demo-avatar.svg`,
    locale: 'es',
    resource_access: {},
    hasRole: () => true,
    hasAnyRole: () => true,
    hasAnyExternalRole: () => true,
    isAdmin: () => true,
    logout: reload,
    changePassword: () => undefined,
  };
}

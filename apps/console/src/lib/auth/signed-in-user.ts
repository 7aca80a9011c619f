/** Roles per OAuth client, as the identity token's `resource_access` claim carries them. */
export type ResourceAccess = Record<string, { roles: string[] }>;

/**
 * The person using the console (spec §3), whether signed in through the identity provider or the
 * demo user of an authentication-disabled installation. Everything role-related goes through it.
 */
export interface SignedInUser {
  authenticated: boolean;
  /** The token subject. */
  userid: string;
  username: string;
  name: string;
  givenName: string;
  familyName: string;
  /** URL of the avatar picture. */
  picture: string;
  locale: string | null;
  resource_access: ResourceAccess;
  /** Holds `role` on the product's client (`admin` passes every check). */
  hasRole(role: string): boolean;
  /** Holds any of `roles` on the product's client; an empty list passes. */
  hasAnyRole(roles: readonly string[]): boolean;
  /** Holds any of `roles`, or `admin`, on another client. */
  hasAnyExternalRole(roles: readonly string[], otherClient: string): boolean;
  isAdmin(): boolean;
  logout(): void;
  changePassword(): void;
}

/** Spec §6: `admin` passes every check; an empty requirement is open. */
export function holdsAnyRole(access: ResourceAccess, client: string, roles: readonly string[]): boolean {
  if (roles.length === 0) return true;
  const held = access[client]?.roles ?? [];
  return held.includes('admin') || roles.some((role) => held.includes(role));
}

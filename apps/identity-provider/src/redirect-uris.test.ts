import { describe, expect, it } from 'vitest';
import { redirectUriMatches } from './redirect-uris';

describe("Keycloak's redirect URI patterns", () => {
  const registered = ['http://localhost:8080/lighting/*', 'http://localhost:9000/exact'];

  it('allows any page under a pattern ending in *, and an exact URL only as registered', () => {
    expect(redirectUriMatches(registered, 'http://localhost:8080/lighting/')).toBe(true);
    expect(redirectUriMatches(registered, 'http://localhost:8080/lighting/map?project=1')).toBe(true);
    expect(redirectUriMatches(registered, 'http://localhost:9000/exact')).toBe(true);
    expect(redirectUriMatches(registered, 'http://localhost:9000/exact/more')).toBe(false);
  });

  it('refuses what only looks like it is under the pattern', () => {
    expect(redirectUriMatches(registered, 'http://localhost:8080/lighting-evil/')).toBe(false);
    expect(redirectUriMatches(registered, 'http://localhost:8080/lighting/../admin')).toBe(false);
    expect(redirectUriMatches(registered, 'http://localhost:8081/lighting/')).toBe(false);
    expect(redirectUriMatches(registered, 'http://localhost:8080/lighting/#fragment')).toBe(false);
    expect(redirectUriMatches(registered, 'not a url')).toBe(false);
  });
});

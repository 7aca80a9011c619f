/**
 * Keycloak's redirect-URI rule: a registered value ending in `*` allows every URL that starts with
 * what precedes it; any other value must match exactly. The console asks to come back to the page
 * it was on (`/lighting/map?…`), so its client registers `…/lighting/*`.
 */
export function redirectUriMatches(registered: readonly string[], candidate: string): boolean {
  const url = URL.parse(candidate);
  if (!url || url.hash) return false;
  return registered.some((pattern) => {
    if (!pattern.endsWith('*')) return pattern === candidate;
    const prefix = pattern.slice(0, -1);
    // Compared once normalised, as the browser will follow it: `/lighting/../admin` is `/admin`.
    return url.href.startsWith(prefix) && url.origin === new URL(prefix).origin;
  });
}

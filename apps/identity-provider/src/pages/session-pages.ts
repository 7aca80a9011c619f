/**
 * The pages keycloak-js loads in hidden iframes. They are scripts more than pages, and answer the
 * console's window with `postMessage`.
 */

function scriptPage(script: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Farola session</title></head><body><script>${script}</script></body></html>`;
}

/**
 * keycloak-js posts `"<clientId> <sid>"` every few seconds; the page asks the provider whether
 * this browser's session is still the one with that `sid` (the session cookie is the provider's,
 * so only a page of the provider's origin can tell) and answers `unchanged`, `changed` or `error`.
 */
export function loginStatusIframe(): string {
  return scriptPage(`
window.addEventListener('message', async (event) => {
  if (typeof event.data !== 'string') return;
  const [clientId = '', sid = ''] = event.data.split(' ');
  const url = new URL(location.pathname + '/check', location.origin);
  url.search = new URLSearchParams({ client_id: clientId, session_state: sid, origin: event.origin }).toString();
  let answer = 'error';
  try {
    const response = await fetch(url, { credentials: 'include', cache: 'no-store' });
    if (response.ok) answer = (await response.json()).status;
  } catch {
    answer = 'error';
  }
  event.source.postMessage(answer, event.origin);
});`);
}

const COOKIE = 'FAROLA_3P_COOKIE';

/** The third-party-cookie check, step 1: set a cookie, then look for it on step 2. */
export function thirdPartyCookiesStep1(): string {
  return scriptPage(`
const secure = location.protocol === 'https:' ? '; SameSite=None; Secure' : '; SameSite=Lax';
document.cookie = '${COOKIE}=supported; Max-Age=60; Path=' + location.pathname.replace(/[^/]*$/, '') + secure;
location.replace('step2.html');`);
}

/** Step 2: tell the console's window whether the cookie came back (keycloak-js waits for it). */
export function thirdPartyCookiesStep2(): string {
  return scriptPage(`
const supported = document.cookie.split('; ').includes('${COOKIE}=supported');
document.cookie = '${COOKIE}=; Max-Age=0; Path=' + location.pathname.replace(/[^/]*$/, '');
parent.postMessage(supported ? 'supported' : 'unsupported', '*');`);
}

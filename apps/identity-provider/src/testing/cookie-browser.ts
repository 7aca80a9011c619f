interface Cookie {
  value: string;
  path: string;
}

/**
 * Just enough of a browser for tests of the provider over HTTP: keeps cookies (by name and path,
 * one host) and follows nothing on its own, so a test sees every redirect.
 */
export class CookieBrowser {
  readonly #cookies = new Map<string, Cookie>();

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const cookie = [...this.#cookies.entries()]
      .filter(([, { path }]) => target.pathname.startsWith(path))
      .map(([key, { value }]) => `${key.split('\u0000')[0]}=${value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookie) headers.set('Cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.#store(line);
    return response;
  }

  /** Fetches and follows redirects, returning the last answer and the URL it came from. */
  async follow(
    url: string | URL,
    init: RequestInit = {},
    stopAt?: (url: URL) => boolean,
  ): Promise<{ response: Response; url: URL }> {
    let current = new URL(url);
    let response = await this.fetch(current, init);
    for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop += 1) {
      current = new URL(response.headers.get('Location') ?? '', current);
      if (stopAt?.(current)) return { response, url: current };
      response = await this.fetch(current);
    }
    return { response, url: current };
  }

  #store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const attribute = (key: string) =>
      attributes.find((part) => part.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const path = attribute('path') ?? '/';
    const key = `${name}\u0000${path}`;
    const expires = attribute('expires');
    const removed =
      value === '' || attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
    if (removed) this.#cookies.delete(key);
    else this.#cookies.set(key, { value, path });
  }
}

import { z } from 'zod';

/** How the simulator gets a token: the OAuth client-credentials grant at a token endpoint. */
export interface OAuthClient {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive().optional() });

/** A refused call, with the status and the body the API answered. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

/**
 * Calls Farola's REST API (`…/lighting/api`) as the simulator: without a token when the server has
 * authentication disabled, else with one from the client-credentials grant, renewed shortly before
 * it expires.
 */
export class ApiClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly oauth: OAuthClient | null,
  ) {}

  /** Waits until the server's health answers (200, or 503 while its broker is still starting). */
  async waitForServer(timeoutMs: number, onWait: () => void): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const answer = await fetch(`${this.baseUrl}/health`);
        if (answer.status === 200 || answer.status === 503) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`the server at ${this.baseUrl} did not answer within ${timeoutMs} ms`);
      onWait();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  async call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const token = await this.accessToken();
    if (token) headers['authorization'] = `Bearer ${token}`;
    const answer = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    if (!answer.ok) throw new ApiError(answer.status, json, `${method} ${path}`);
    return schema.parse(json);
  }

  private async accessToken(): Promise<string | null> {
    if (!this.oauth) return null;
    if (this.token && this.token.expiresAt > Date.now() + 10_000) return this.token.value;
    const answer = await fetch(this.oauth.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.oauth.clientId,
        client_secret: this.oauth.clientSecret,
      }),
    });
    if (!answer.ok) throw new Error(`the token endpoint answered ${answer.status}`);
    const token = TokenSchema.parse(await answer.json());
    this.token = { value: token.access_token, expiresAt: Date.now() + (token.expires_in ?? 60) * 1000 };
    return token.access_token;
  }
}

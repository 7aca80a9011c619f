import { z } from 'zod';

/** How the simulator gets a token: the OAuth client-credentials grant at a token endpoint. */
export interface OAuthClient {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

/** How long a `429` without `Retry-After` waits, and the longest wait the client accepts from one. */
const DEFAULT_RETRY_AFTER_S = 1;
const MAX_RETRY_AFTER_S = 120;

/** What the client does when the server's rate limit refuses a call. */
export interface ThrottlingOptions {
  /** Told of each wait, before it starts. */
  onThrottled?: (waitSeconds: number, call: string) => void;
  /** How many answers in a row one call may get before it fails with the last `429` (default 20). */
  maxAttempts?: number;
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

/** The seconds a `429` asks the client to wait (`Retry-After` in seconds), within bounds. */
function retryAfterSeconds(answer: Response): number {
  const seconds = Number(answer.headers.get('retry-after'));
  if (!Number.isFinite(seconds) || seconds <= 0) return DEFAULT_RETRY_AFTER_S;
  return Math.min(seconds, MAX_RETRY_AFTER_S);
}

/**
 * Calls Farola's REST API (`…/lighting/api`) as the simulator: without a token when the server has
 * authentication disabled, else with one from the client-credentials grant, renewed shortly before
 * it expires. A call the server's rate limit refuses (`429`) waits the `Retry-After` it was given and
 * goes again, so provisioning a large fleet slows down to the limit instead of failing.
 */
export class ApiClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly oauth: OAuthClient | null,
    private readonly throttling: ThrottlingOptions = {},
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
      // Often enough that the fleet is provisioned within a moment of the server answering.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const what = `${method} ${path}`;
    const maxAttempts = this.throttling.maxAttempts ?? 20;
    for (let attempt = 1; ; attempt += 1) {
      const answer = await this.send(method, path, body);
      if (answer.status !== 429 || attempt >= maxAttempts) return this.read(answer, what, schema);
      const wait = retryAfterSeconds(answer);
      await answer.body?.cancel();
      this.throttling.onThrottled?.(wait, what);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }

  private async send(method: 'GET' | 'POST', path: string, body: unknown): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const token = await this.accessToken();
    if (token) headers['authorization'] = `Bearer ${token}`;
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  private async read<T>(answer: Response, what: string, schema: z.ZodType<T>): Promise<T> {
    const text = await answer.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    if (!answer.ok) throw new ApiError(answer.status, json, what);
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

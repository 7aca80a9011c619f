import cors from 'cors';
import type { RequestHandler } from 'express';

/** What a page of another origin must read from an answer: the rate-limit state. */
const EXPOSED_HEADERS = ['RateLimit', 'RateLimit-Policy', 'Retry-After'];

/**
 * Cross-origin access to the API. The server serves the console itself, so by default no origin is
 * granted anything; `CORS_ORIGINS` names the origins of a console served elsewhere. Their preflights
 * are answered (methods, the request's headers, cached ten minutes) and their answers carry
 * `Access-Control-Allow-Origin`; any other origin's never do. Tokens travel as bearer headers, never
 * cookies, so no credentials are allowed.
 */
export function apiCors(allowedOrigins: readonly string[]): RequestHandler {
  return cors({
    origin: [...allowedOrigins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
}

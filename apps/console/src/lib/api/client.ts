import { PAGE_LIMIT_MAX, type Page } from '@farola/protocol';
import type { z } from 'zod';
import { getAccessToken } from '@/lib/session';
import { ApiError, apiErrorFromBody } from './api-error';

/** Query values; undefined ones are left out of the URL, arrays repeat the parameter. */
export type ApiQuery = Record<string, string | number | boolean | readonly string[] | undefined>;

const API_BASE = `${import.meta.env.BASE_URL}api/v1`;

/** `/lighting/api/v1/<path>?<query>`, skipping undefined query values. */
export function apiUrl(path: string, query?: ApiQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const item of value as readonly string[]) search.append(key, item);
    else if (value !== undefined) search.set(key, String(value));
  }
  const suffix = search.size > 0 ? `?${search.toString()}` : '';
  return `${API_BASE}/${path.replace(/^\//, '')}${suffix}`;
}

/** The API's request headers: JSON accepted, the JSON body type when there is one, the caller's token. */
export function headers(hasBody: boolean): Headers {
  const result = new Headers({ Accept: 'application/json' });
  if (hasBody) result.set('Content-Type', 'application/json');
  const token = getAccessToken();
  if (token) result.set('Authorization', `Bearer ${token}`);
  return result;
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Sends a request, turns an error answer into an ApiError and validates a success with `schema`. */
export function request<S extends z.ZodType>(url: string, init: RequestInit, schema: S): Promise<z.infer<S>> {
  return answerOf(url, readAnswer(fetch(url, init)), schema);
}

/** An answer read to its end: the response and its body parsed as JSON (undefined when empty or not JSON). */
export interface ReadAnswer {
  response: Response;
  body: unknown;
}

/** Waits for a request's response; a failed connection becomes an ApiError. */
export async function responseOf(sent: Promise<Response>): Promise<Response> {
  try {
    return await sent;
  } catch (error) {
    throw new ApiError(0, 'SERVICE_UNAVAILABLE', error instanceof Error ? error.message : String(error));
  }
}

/** Waits for a request's response and reads its body; a failed connection becomes an ApiError. */
export async function readAnswer(sent: Promise<Response>): Promise<ReadAnswer> {
  const response = await responseOf(sent);
  return { response, body: await readJson(response) };
}

/**
 * The answer of a request already sent and read (`readAnswer`), as `request` gives it: an ApiError
 * for an error answer, else the body validated with `schema`.
 */
export async function answerOf<S extends z.ZodType>(
  url: string,
  read: Promise<ReadAnswer>,
  schema: S,
): Promise<z.infer<S>> {
  const { response, body } = await read;
  if (!response.ok) throw apiErrorFromBody(response.status, body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    // The server broke its contract: log the details for developers, show users a generic error.
    console.error(`Unexpected answer from ${url}`, parsed.error.issues);
    throw new ApiError(response.status, 'UNKNOWN_ERROR', `Unexpected answer from ${url}`);
  }
  return parsed.data;
}

/**
 * GETs an API resource and validates the answer.
 *
 * @example
 * const page = await apiGet('devices', pageSchema(DeviceSchema), { limit: 500 });
 */
export function apiGet<S extends z.ZodType>(path: string, schema: S, query?: ApiQuery): Promise<z.infer<S>> {
  return request(apiUrl(path, query), { headers: headers(false) }, schema);
}

/**
 * Every item of a paged list, following its pages to the end (the largest page each time).
 *
 * @example
 * const projects = await apiGetEveryPage('projects', pageSchema(ProjectSchema));
 */
export async function apiGetEveryPage<T>(path: string, schema: z.ZodType<Page<T>>, query: ApiQuery = {}): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiGet(path, schema, { ...query, limit: PAGE_LIMIT_MAX, cursor });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return items;
}

/**
 * POSTs a JSON body and validates the answer.
 *
 * @example
 * const queued = await apiPost(`devices/${id}/commands`, { command: 'reboot', params: {} }, QueuedRequestSchema);
 */
export function apiPost<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.infer<S>> {
  return request(apiUrl(path), { method: 'POST', headers: headers(true), body: JSON.stringify(body) }, schema);
}

/**
 * DELETEs an API resource and validates the answer.
 *
 * @example
 * const permissions = await apiDelete(`users/${id}/permissions`, UserPermissionsSchema, { projectId });
 */
export function apiDelete<S extends z.ZodType>(path: string, schema: S, query?: ApiQuery): Promise<z.infer<S>> {
  return request(apiUrl(path, query), { method: 'DELETE', headers: headers(false) }, schema);
}

/**
 * PATCHes a JSON body and validates the answer.
 *
 * @example
 * const device = await apiPatch(`devices/${id}`, { notes: 'Pole repainted' }, DeviceSchema);
 */
export function apiPatch<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.infer<S>> {
  return request(apiUrl(path), { method: 'PATCH', headers: headers(true), body: JSON.stringify(body) }, schema);
}

/**
 * PUTs a whole resource as a JSON body and validates the answer.
 *
 * @example
 * const program = await apiPut(`control-programs/${id}`, { name, intervals }, StoredControlProgramSchema);
 */
export function apiPut<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.infer<S>> {
  return request(apiUrl(path), { method: 'PUT', headers: headers(true), body: JSON.stringify(body) }, schema);
}

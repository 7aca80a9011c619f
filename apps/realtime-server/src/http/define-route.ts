import { type ErrorCode, hasAnyRole, type Role } from '@farola/protocol';
import express, { type Request, type Response, Router } from 'express';
import type { z } from 'zod';
import type { User } from '../auth/user';
import { DomainError } from '../platform/domain-error';
import { currentUser } from './auth.middleware';
import { httpStatus } from './error-status';
import { parseId, parseOrThrow } from './validation';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The `:id` of a route's path: always a UUID; `invalid` is the code for anything else (default INVALID_ID). */
export interface IdParam {
  description: string;
  invalid?: ErrorCode;
  /** What a valid id looks like, when not a UUID (a user id is the identity provider's subject). */
  schema?: z.ZodType<string>;
}

/** A schema that appears in the OpenAPI document under `components.schemas[component]`. */
export interface NamedSchema<S extends z.ZodType> {
  component: string;
  schema: S;
}

/**
 * A route whose body is a file sent as is (an image), not JSON: the Content-Types it accepts and
 * its size limit. Anything else answers 400 before the body is read; a larger body 413 (REQUEST_TOO_LARGE).
 */
export interface FileUpload {
  types: readonly string[];
  limitBytes: number;
  description: string;
}

/** The bytes of an uploaded file, with the Content-Type it was sent as (one of the route's `types`). */
export interface UploadedFile {
  bytes: Buffer;
  contentType: string;
}

export interface RouteInput<Q, B, I, F = undefined> {
  user: User;
  id: I;
  query: Q;
  body: B;
  file: F;
  req: Request;
  res: Response;
}

export interface RouteSpec<
  R extends z.ZodType,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
  I,
  U = undefined,
> {
  method: HttpMethod;
  /** Under /lighting/api/v1, in express form: `/devices/:id/events`. */
  path: string;
  /** The operation's name in the OpenAPI document (and in clients generated from it): `listDevices`. */
  operationId: string;
  summary: string;
  /** More than the summary says, for the document; the roles and errors are added to it. */
  description?: string;
  /** The caller needs one of these roles (`admin` passes every check); `[]` lets any signed-in user in. */
  roles: readonly Role[];
  id?: I & IdParam;
  query?: Q;
  /**
   * The JSON body; `invalid` is the code a body that fails validation answers (default
   * VALIDATION_FAILED); `limitBytes` raises the size limit (HTTP_BODY_LIMIT_BYTES) for this route.
   */
  body?: B extends z.ZodType ? NamedSchema<B> & { invalid?: ErrorCode; limitBytes?: number } : never;
  /** A raw file body instead of a JSON one. */
  upload?: U & FileUpload;
  response: NamedSchema<R> & { status?: number; description?: string };
  /** Error statuses the route answers besides those its declaration implies (400, 401, 403, 404, 413, 429). */
  errors?: number[];
  handler: (
    input: RouteInput<
      Q extends z.ZodObject ? z.output<Q> : undefined,
      B extends z.ZodType ? z.output<B> : undefined,
      I extends IdParam ? string : undefined,
      U extends FileUpload ? UploadedFile : undefined
    >,
  ) => Promise<z.input<R> | typeof ANSWER_SENT> | z.input<R> | typeof ANSWER_SENT;
}

/**
 * What a handler returns when it has sent its answer itself, in a form its response schema
 * documents but that is not built as a value (the fleet's columns, prepared in parts).
 */
export const ANSWER_SENT: unique symbol = Symbol('answer sent');

/** A route as the HTTP layer mounts and documents it. */
export interface Route {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** The module that contributed the route: its tag in the document (set by the platform). */
  tag?: string;
  roles: readonly Role[];
  id?: IdParam;
  query?: z.ZodObject;
  body?: NamedSchema<z.ZodType> & { limitBytes?: number };
  upload?: FileUpload;
  response: NamedSchema<z.ZodType> & { status: number; description: string };
  /** Every error status the route may answer, for the document. */
  errorStatuses: number[];
  handle: (req: Request, res: Response) => Promise<void>;
}

/**
 * Declares one API route: who may call it, how its input is validated (zod, at the boundary),
 * what it answers. The HTTP layer mounts it and documents it in the OpenAPI document.
 *
 * @example
 * defineRoute({
 *   method: 'get', path: '/devices/:id', operationId: 'getDevice', summary: 'One device', roles: ['view-devices'],
 *   id: { description: 'Device id' },
 *   response: { component: 'Device', schema: DeviceSchema },
 *   handler: ({ user, id }) => devices.get(user, id),
 * });
 */
export function defineRoute<
  R extends z.ZodType,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  I = undefined,
  U = undefined,
>(spec: RouteSpec<R, Q, B, I, U>): Route {
  const status = spec.response.status ?? 200;
  const id: IdParam | undefined = spec.id;
  const body = spec.body as (NamedSchema<z.ZodType> & { invalid?: ErrorCode; limitBytes?: number }) | undefined;
  const upload: FileUpload | undefined = spec.upload;
  const query = spec.query;
  const handler = spec.handler as (input: RouteInput<unknown, unknown, unknown, unknown>) => Promise<unknown> | unknown;
  // Every route is rate-limited (429); a body may be over the size limit (413).
  const implied = [401, 429];
  if (query || body || (id && httpStatus(id.invalid ?? 'INVALID_ID') === 400)) implied.push(400);
  if (spec.roles.length > 0) implied.push(403);
  if (id) implied.push(404);
  if (body || upload) implied.push(413);
  return {
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    roles: spec.roles,
    ...(id ? { id } : {}),
    ...(query ? { query } : {}),
    ...(body ? { body } : {}),
    ...(upload ? { upload } : {}),
    response: { ...spec.response, status, description: spec.response.description ?? 'OK' },
    errorStatuses: [...new Set([...implied, ...(spec.errors ?? [])])].sort(),
    async handle(req, res) {
      const user = currentUser(res);
      if (!hasAnyRole(user.roles, spec.roles)) throw new DomainError('ACCESS_NOT_GRANTED');
      const input: RouteInput<unknown, unknown, unknown, unknown> = {
        user,
        id: id ? parseId(req.params['id'], id.invalid, id.schema) : undefined,
        query: query ? parseOrThrow(query, req.query) : undefined,
        body: body ? parseOrThrow(body.schema, req.body, body.invalid) : undefined,
        // Read only once the caller, its id and its query have passed: nobody makes it buffer a file for nothing.
        file: upload ? await readUpload(req, res, upload) : undefined,
        req,
        res,
      };
      const result = await handler(input);
      // A handler that streamed its answer itself (a CSV export) has already sent it.
      if (!res.headersSent) res.status(status).json(result);
    },
  };
}

/** The raw body of an upload route, after checking its Content-Type; over the limit, 413 (REQUEST_TOO_LARGE). */
async function readUpload(req: Request, res: Response, upload: FileUpload): Promise<UploadedFile> {
  const contentType = (req.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (!upload.types.includes(contentType)) {
    throw new DomainError('VALIDATION_FAILED', [
      { path: 'content-type', rule: 'enum', message: `Expected one of ${upload.types.join(', ')}` },
    ]);
  }
  const parse = express.raw({ type: () => true, limit: upload.limitBytes });
  await new Promise<void>((resolve, reject) =>
    parse(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
  );
  const body: unknown = req.body;
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new DomainError('VALIDATION_FAILED', [{ path: '', rule: 'required', message: 'The file is empty' }]);
  }
  return { bytes: body, contentType };
}

/** An express router serving the routes (behind authentication, which sets the current user). */
export function mountRoutes(routes: readonly Route[]): Router {
  const router = Router();
  for (const route of routes) router[route.method](route.path, (req, res) => route.handle(req, res));
  return router;
}

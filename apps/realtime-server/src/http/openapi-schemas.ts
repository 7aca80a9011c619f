import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** A zod schema as an OpenAPI 3.0 schema object; preprocessors and transforms document their input. */
export function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;
  delete json['$schema'];
  return json;
}

/** One query parameter per key of an object schema (the way list filters are sent). */
export function queryParameters(schema: z.ZodObject): JsonSchema[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const fieldSchema = field as z.ZodType;
    return {
      name,
      in: 'query',
      required: !fieldSchema.safeParse(undefined).success,
      schema: { type: 'string', ...toOpenApiSchema(fieldSchema, 'input') },
    };
  });
}

export const idParameter = (description: string, uuid = true): JsonSchema => ({
  name: 'id',
  in: 'path',
  required: true,
  description,
  schema: uuid ? { type: 'string', format: 'uuid' } : { type: 'string' },
});

export const jsonContent = (ref: string) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${ref}` } },
});

export function errorResponses(...statuses: number[]): Record<string, unknown> {
  const descriptions: Record<number, string> = {
    400: 'Invalid input (VALIDATION_FAILED, INVALID_ID, UNABLE_TO_EXECUTE_COMMAND)',
    401: 'Missing or invalid access token (UNAUTHORIZED)',
    403: 'The caller lacks a role the route requires (ACCESS_NOT_GRANTED)',
    404: 'Not found or not visible to the caller',
    409: 'Conflict with the current state',
    422: 'Well-formed but nothing can be done with it (BULK_NO_SUPPORTED_DEVICES)',
    413: "The body is over its size limit: HTTP_BODY_LIMIT for JSON, the route's own for a file (REQUEST_TOO_LARGE)",
    429: 'Over a rate limit (TOO_MANY_REQUESTS); Retry-After says when to try again',
  };
  return Object.fromEntries(
    statuses.map((status) => [status, { description: descriptions[status], content: jsonContent('ErrorBody') }]),
  );
}

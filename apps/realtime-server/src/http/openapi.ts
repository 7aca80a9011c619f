import { ErrorBodySchema } from '@farola/protocol';
import { z } from 'zod';
import type { FileUpload, Route } from './define-route';
import { errorResponses, idParameter, jsonContent, queryParameters, toOpenApiSchema } from './openapi-schemas';

/** Everyone gets `status`; the rest only administrators (everyone when authentication is disabled). */
export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
  })
  .extend(
    z
      .object({
        deviceLink: z.object({ connected: z.boolean(), since: z.iso.datetime() }),
        storage: z.object({
          pending: z.number().int(),
          quarantined: z.number().int(),
          backlog: z.object({ rows: z.number().int(), oldestMs: z.number() }),
        }),
        uptimeSeconds: z.number(),
        devices: z.number().int(),
        connectedDevices: z.number().int(),
        sockets: z.number().int(),
        mqtt: z.object({
          received: z.number().int(),
          accepted: z.number().int(),
          rejected: z.number().int(),
          futureTimestamps: z.number().int(),
        }),
        database: z.enum(['pglite', 'postgres']),
        broker: z.enum(['embedded', 'external']),
        realtime: z.object({
          epoch: z.string(),
          streams: z.number().int(),
          bufferedItems: z.number().int(),
          slowConsumersDisconnected: z.number().int(),
        }),
      })
      .partial().shape,
  );

/** `/lighting/api/v1/devices/:id` → `/v1/devices/{id}`, relative to the document's server. */
const documentPath = (path: string) => `/v1${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;

/** A file sent as the body itself, in one of the route's Content-Types. */
function fileBody(upload: FileUpload): Record<string, unknown> {
  const binary = { schema: { type: 'string', format: 'binary', maxLength: upload.limitBytes } };
  return {
    required: true,
    description: upload.description,
    content: Object.fromEntries(upload.types.map((type) => [type, binary])),
  };
}

function operation(route: Route): Record<string, unknown> {
  const parameters = [
    ...(route.id ? [idParameter(route.id.description, !route.id.schema)] : []),
    ...(route.query ? queryParameters(route.query) : []),
  ];
  const { status, description, component } = route.response;
  return {
    operationId: route.operationId,
    ...(route.tag ? { tags: [route.tag] } : {}),
    summary: route.summary,
    description: operationDescription(route),
    ...(route.roles.length > 0 ? { 'x-required-roles': route.roles } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: jsonContent(route.body.component) } } : {}),
    ...(route.upload ? { requestBody: fileBody(route.upload) } : {}),
    responses: {
      [status]: { description, content: jsonContent(component) },
      ...errorResponses(...route.errorStatuses),
    },
  };
}

/** The route's own description, then who may call it. */
function operationDescription(route: Route): string {
  const who =
    route.roles.length === 0
      ? 'Any signed-in user may call it.'
      : `The caller needs one of the roles ${route.roles.map((role) => `\`${role}\``).join(', ')} (\`admin\` passes every check).`;
  return route.description ? `${route.description}\n\n${who}` : who;
}

/**
 * The OpenAPI 3 document of the REST API, generated from the registered routes and their zod
 * schemas; `tags` describes the modules whose names tag the routes.
 */
export function openApiDocument(
  routes: readonly Route[],
  tags: readonly { name: string; description: string }[] = [],
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {
    '/health': {
      get: {
        operationId: 'getHealth',
        tags: ['system'],
        description:
          "For load balancers and monitoring: no token needed. An administrator (or anyone, with authentication disabled) also gets the device link, the stores, the modules' counters and the realtime figures.",
        summary:
          'Whether the service is up (503 `degraded` while the MQTT broker is unreachable); device link, counters and internals for administrators only',
        security: [],
        responses: {
          200: { description: 'OK', content: jsonContent('Health') },
          503: { description: 'Degraded: the MQTT broker is unreachable', content: jsonContent('Health') },
        },
      },
    },
  };
  const schemas: Record<string, z.ZodType> = { ErrorBody: ErrorBodySchema, Health: HealthSchema };
  for (const route of routes) {
    (paths[documentPath(route.path)] ??= {})[route.method] = operation(route);
    schemas[route.response.component] = route.response.schema;
    if (route.body) schemas[route.body.component] = route.body.schema;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Farola API',
      version: '1.0.0',
      description: 'Smart street lighting: devices, commands, queued requests.',
      contact: { name: 'Farola maintainers' },
    },
    servers: [{ url: '/lighting/api' }],
    security: [{ bearer: [] }],
    tags: [{ name: 'system', description: 'The service itself: health and the API document' }, ...tags],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, toOpenApiSchema(schema)])),
    },
  };
}

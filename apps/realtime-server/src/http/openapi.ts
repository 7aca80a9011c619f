import {
  CommandRequestSchema,
  DeviceEventListQuerySchema,
  DeviceEventSchema,
  DeviceListQuerySchema,
  DeviceSchema,
  ErrorBodySchema,
  pageSchema,
  ProjectListQuerySchema,
  ProjectSchema,
  QueuedRequestListQuerySchema,
  QueuedRequestSchema,
  RoleSchema,
} from '@farola/protocol';
import { z } from 'zod';
import { errorResponses, idParameter, jsonContent, queryParameters, toOpenApiSchema } from './openapi-schemas';

const MeSchema = z.object({
  id: z.string(),
  username: z.string(),
  roles: z.array(RoleSchema),
  projectIds: z.array(z.uuid()),
});
const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  deviceLink: z.object({ connected: z.boolean(), since: z.iso.datetime() }),
  storage: z.object({ pending: z.number().int(), quarantined: z.number().int() }),
  uptimeSeconds: z.number(),
  devices: z.number().int(),
  sockets: z.number().int(),
  mqtt: z.object({ received: z.number().int(), accepted: z.number().int(), rejected: z.number().int() }),
  database: z.enum(['pglite', 'postgres']),
  broker: z.enum(['embedded', 'external']),
});

const COMPONENTS = {
  ErrorBody: ErrorBodySchema,
  Health: HealthSchema,
  Me: MeSchema,
  Project: ProjectSchema,
  ProjectPage: pageSchema(ProjectSchema),
  Device: DeviceSchema,
  DevicePage: pageSchema(DeviceSchema),
  DeviceEventPage: pageSchema(DeviceEventSchema),
  CommandRequest: CommandRequestSchema,
  QueuedRequest: QueuedRequestSchema,
  QueuedRequestPage: pageSchema(QueuedRequestSchema),
};

const ok = (ref: keyof typeof COMPONENTS, description = 'OK', status = 200) => ({
  [status]: { description, content: jsonContent(ref) },
});

function paths(): Record<string, unknown> {
  return {
    '/health': {
      get: {
        summary: 'Liveness, device link and counters (503 `degraded` while the MQTT broker is unreachable)',
        security: [],
        responses: { ...ok('Health'), ...ok('Health', 'Degraded: the MQTT broker is unreachable', 503) },
      },
    },
    '/v1/me': {
      get: { summary: 'The caller and the projects it may see', responses: { ...ok('Me'), ...errorResponses(401) } },
    },
    '/v1/projects': {
      get: {
        summary: 'Visible projects',
        parameters: queryParameters(ProjectListQuerySchema),
        responses: { ...ok('ProjectPage'), ...errorResponses(400, 401) },
      },
    },
    '/v1/projects/{id}': {
      get: {
        summary: 'One project',
        parameters: [idParameter('Project id')],
        responses: { ...ok('Project'), ...errorResponses(400, 401, 404) },
      },
    },
    '/v1/devices': {
      get: {
        summary: 'Devices, filtered and paged',
        parameters: queryParameters(DeviceListQuerySchema),
        responses: { ...ok('DevicePage'), ...errorResponses(400, 401) },
      },
    },
    '/v1/devices/{id}': {
      get: {
        summary: 'One device with its latest attributes',
        parameters: [idParameter('Device id')],
        responses: { ...ok('Device'), ...errorResponses(400, 401, 404) },
      },
    },
    '/v1/devices/{id}/events': {
      get: {
        summary: "A device's events, newest first",
        parameters: [idParameter('Device id'), ...queryParameters(DeviceEventListQuerySchema)],
        responses: { ...ok('DeviceEventPage'), ...errorResponses(400, 401, 404) },
      },
    },
    '/v1/devices/{id}/commands': {
      post: {
        summary: 'Queue a command for a device',
        parameters: [idParameter('Device id')],
        requestBody: { required: true, content: jsonContent('CommandRequest') },
        responses: { ...ok('QueuedRequest', 'Accepted: the queued request', 202), ...errorResponses(400, 401, 404) },
      },
    },
    '/v1/queued-requests': {
      get: {
        summary: 'Queued requests, newest first',
        parameters: queryParameters(QueuedRequestListQuerySchema),
        responses: { ...ok('QueuedRequestPage'), ...errorResponses(400, 401) },
      },
    },
    '/v1/queued-requests/{id}': {
      get: {
        summary: 'One queued request',
        parameters: [idParameter('Request id')],
        responses: { ...ok('QueuedRequest'), ...errorResponses(401, 404) },
      },
    },
    '/v1/queued-requests/{id}/cancel': {
      post: {
        summary: 'Cancel a request still in progress',
        parameters: [idParameter('Request id')],
        responses: { ...ok('QueuedRequest', 'The cancelled request'), ...errorResponses(401, 404, 409) },
      },
    },
  };
}

/** The OpenAPI 3 document of the REST API, generated from the protocol's zod schemas. */
export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Farola API',
      version: '1.0.0',
      description: 'Smart street lighting: devices, commands, queued requests.',
    },
    servers: [{ url: '/lighting/api' }],
    security: [{ bearer: [] }],
    paths: paths(),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: Object.fromEntries(Object.entries(COMPONENTS).map(([name, schema]) => [name, toOpenApiSchema(schema)])),
    },
  };
}

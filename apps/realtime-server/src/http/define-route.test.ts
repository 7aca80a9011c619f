import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { User } from '../auth/user';
import { loadConfig } from '../config';
import { createHttpApp } from './app';
import { defineRoute } from './define-route';

const operator: User = {
  id: 'op',
  username: 'op',
  givenName: '',
  familyName: '',
  email: '',
  roles: ['view-alarms'],
  isAdmin: false,
};

describe('routes declared with defineRoute', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = createHttpApp({
      config: loadConfig({ AUTH_DISABLED: 'true' }),
      logger: pino({ level: 'silent' }),
      authenticate: async () => operator,
      routes: [
        defineRoute({
          method: 'get',
          path: '/alarms-only',
          operationId: 'testRoute1',
          summary: 'Needs view-alarms',
          roles: ['view-alarms', 'manage-alarms'],
          response: { component: 'Echo', schema: z.object({ user: z.string() }) },
          handler: ({ user }) => ({ user: user.username }),
        }),
        defineRoute({
          method: 'post',
          path: '/devices-only/:id',
          operationId: 'testRoute2',
          summary: 'Needs manage-devices',
          roles: ['manage-devices'],
          id: { description: 'Device id' },
          response: { component: 'Echo', schema: z.object({ user: z.string() }) },
          handler: ({ user }) => ({ user: user.username }),
        }),
      ],
      health: {
        fields: () => ({}),
        sockets: () => 0,
        mqtt: {} as never,
        deviceLink: () => ({ connected: true, since: new Date().toISOString() }),
        database: 'pglite',
        broker: 'embedded',
      },
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lighting/api/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lets a caller holding one of the roles in', async () => {
    const answer = await fetch(`${base}/alarms-only`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ user: 'op' });
  });

  it('answers 403 ACCESS_NOT_GRANTED to a caller without the role, before reading the input', async () => {
    const answer = await fetch(`${base}/devices-only/not-a-uuid`, { method: 'POST' });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: { code: 'ACCESS_NOT_GRANTED', message: 'Access not granted' } });
  });

  it('documents the roles and the 403 in the OpenAPI document', async () => {
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-required-roles'?: string[]; responses: Record<string, unknown> }>>;
    };
    const operation = document.paths['/v1/devices-only/{id}']?.['post'];
    expect(operation?.['x-required-roles']).toEqual(['manage-devices']);
    expect(Object.keys(operation?.responses ?? {})).toEqual(['200', '400', '401', '403', '404', '429']);
  });
});

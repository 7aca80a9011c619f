import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness';

/** Every method and path of the API document that takes a device id in its path. */
async function deviceIdRoutes(h: Harness): Promise<{ method: string; path: string }[]> {
  const { body } = await h.api('/v1/openapi.json');
  const paths = body.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/v1/devices/{id}'))
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method, path })));
}

describe('device ids in paths', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const call = (method: string, path: string, id: string) =>
    h.api(path.replace('{id}', encodeURIComponent(id)), {
      method: method.toUpperCase(),
      ...(method === 'get' ? {} : { body: '{}' }),
    });

  it("answers 'Invalid ID supplied' (400 INVALID_ID) for a malformed id on every route that takes one", async () => {
    const routes = await deviceIdRoutes(h);
    expect(routes.length).toBeGreaterThan(8);
    for (const { method, path } of routes) {
      for (const id of ['not-a-uuid', '12345', `${randomUUID()}x`]) {
        const answer = await call(method, path, id);
        expect([method, path, id, answer.status, answer.body?.error?.code]).toEqual([
          method,
          path,
          id,
          400,
          'INVALID_ID',
        ]);
        expect(answer.body.error.message).toBe('Invalid ID supplied');
      }
    }
  });

  it("keeps 'Device not found' for a well-formed id no device has", async () => {
    const id = randomUUID();
    for (const path of ['/v1/devices/{id}', '/v1/devices/{id}/events', '/v1/devices/{id}/history']) {
      const answer = await call('get', path, id);
      expect([path, answer.status, answer.body.error.code]).toEqual([path, 404, 'DEVICE_NOT_FOUND']);
    }
  });
});

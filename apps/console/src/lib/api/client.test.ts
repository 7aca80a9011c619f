import { DeviceSchema, UserPermissionsSchema } from '@farola/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/session';
import { ApiError } from './api-error';
import { apiDelete, apiGet, apiPost, apiUrl } from './client';
import { buildDevice } from './data-generators';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAccessToken(null);
});

describe('the API client', () => {
  it('builds URLs under the base path and leaves out undefined query values', () => {
    // The app is built with base '/lighting/'; vitest serves it from '/'.
    expect(apiUrl('devices', { limit: 500, cursor: undefined, q: 'OR-LP' })).toBe(
      `${import.meta.env.BASE_URL}api/v1/devices?limit=500&q=OR-LP`,
    );
  });

  it('sends the access token and returns the validated answer', async () => {
    const device = buildDevice();
    const fetchMock = answer(200, device);
    setAccessToken('token-123');
    await expect(apiGet(`devices/${device.id}`, DeviceSchema)).resolves.toEqual(device);
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('turns an error body into an ApiError with its catalogue code and details', async () => {
    const details = [{ path: 'params.count', rule: 'max', limit: 10, message: 'Too big' }];
    answer(400, { error: { code: 'VALIDATION_FAILED', message: 'Invalid request', details } });
    const failure = apiPost('devices/x/commands', { command: 'blink' }, DeviceSchema);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED', details });
  });

  it('deletes with the query in the URL, no body, and returns the validated answer', async () => {
    const permissions = UserPermissionsSchema.parse({
      user: { id: 'u-1', username: 'ana', givenName: '', familyName: '', email: '', lastSeenAt: null },
      permissions: [],
    });
    const fetchMock = answer(200, permissions);
    const projectId = '00000000-0000-4000-8000-000000000003';
    await expect(apiDelete('users/u-1/permissions', UserPermissionsSchema, { projectId })).resolves.toEqual(
      permissions,
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${import.meta.env.BASE_URL}api/v1/users/u-1/permissions?projectId=${projectId}`);
    expect(init?.method).toBe('DELETE');
    expect(init?.body).toBeUndefined();
  });

  it('turns a refused deletion into an ApiError', async () => {
    answer(403, { error: { code: 'ACCESS_NOT_GRANTED', message: 'Access not granted' } });
    await expect(apiDelete('users/u-1/permissions', UserPermissionsSchema)).rejects.toMatchObject({
      status: 403,
      code: 'ACCESS_NOT_GRANTED',
    });
  });

  it('refuses an answer that breaks the protocol instead of passing it on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer(200, { id: 'not-a-device' });
    await expect(apiGet('devices/x', DeviceSchema)).rejects.toMatchObject({ code: 'UNKNOWN_ERROR' });
  });

  it('reports an unreachable server as SERVICE_UNAVAILABLE', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiGet('devices', DeviceSchema)).rejects.toMatchObject({ status: 0, code: 'SERVICE_UNAVAILABLE' });
  });
});

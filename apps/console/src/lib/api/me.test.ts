import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMe, mayManageUsers } from './me';

const PROJECT = '00000000-0000-4000-8000-000000000001';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body))),
  );
}

describe('the caller', () => {
  it('is read from /me and validated', async () => {
    const me = {
      id: 'u-1',
      username: 'ana',
      roles: ['view-devices'],
      projectIds: [PROJECT],
      administeredProjectIds: [],
    };
    answer(me);
    await expect(fetchMe()).resolves.toEqual(me);
  });

  it('refuses a /me answer without the administered projects', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer({ id: 'u-1', username: 'ana', roles: [], projectIds: [] });
    await expect(fetchMe()).rejects.toMatchObject({ code: 'UNKNOWN_ERROR' });
  });

  it('may manage users as admin or as the administrator of a project, and not otherwise', () => {
    expect(mayManageUsers({ roles: ['admin'], administeredProjectIds: [] })).toBe(true);
    expect(mayManageUsers({ roles: ['view-devices'], administeredProjectIds: [PROJECT] })).toBe(true);
    expect(mayManageUsers({ roles: ['manage-devices'], administeredProjectIds: [] })).toBe(false);
  });
});

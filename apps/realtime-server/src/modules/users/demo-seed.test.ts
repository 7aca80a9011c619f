import { DEMO_IDENTITIES, DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness';
import { startTestRealm, type TestRealm } from '../../testing/test-realm';

describe('the demo data (DEMO_DATA=true)', () => {
  let h: Harness;
  let idp: TestRealm;
  beforeAll(async () => {
    idp = await startTestRealm();
    h = await startHarness({ ...idp.env, DEMO_DATA: 'true' });
  });
  afterAll(async () => {
    await h?.close();
    idp?.close();
  });

  const identity = (username: string) => DEMO_IDENTITIES.find((user) => user.username === username)!;
  const me = async (username: string) => {
    const { id, roles } = identity(username);
    const token = await idp.sign(id, [...roles]);
    return (await h.api('/v1/me', { headers: { authorization: `Bearer ${token}` } })).body;
  };

  it('lists them in the directory before they first sign in (the first test here signs nobody in)', async () => {
    const token = await idp.sign(identity('admin').id, ['admin']);
    const users = await h.api('/v1/users?q=o', { headers: { authorization: `Bearer ${token}` } });
    expect(users.body.items.map((user: { username: string }) => user.username)).toEqual(
      expect.arrayContaining(['operator', 'outsider']),
    );
  });

  it('gives the demo users the projects the README lists', async () => {
    expect(new Set((await me('operator')).projectIds)).toEqual(new Set([DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID]));
    expect(new Set((await me('viewer')).projectIds)).toEqual(
      new Set([DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID, DEMO_NORTH_PROJECT_ID]),
    );
    expect((await me('outsider')).projectIds).toEqual([]);
    expect((await me('admin')).administeredProjectIds).toHaveLength(3);
  });
});

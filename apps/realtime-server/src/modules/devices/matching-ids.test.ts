import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID } from '@farola/protocol';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../auth/user';
import type { Database } from '../../db/database';
import { openTestStorage } from '../../testing/storage';
import { ProjectMembers } from '../projects/project-members';
import { ProjectService } from '../projects/project.service';
import { DeviceService } from './device.service';
import { WriteBehind } from './write-behind';

const member: User = {
  id: 'ana',
  username: 'ana',
  givenName: '',
  familyName: '',
  email: '',
  roles: ['view-devices'],
  isAdmin: false,
};

/** The cap this test gives the service in place of BULK_DEVICES_MAX. */
const MAX = 5;

describe('the ids of every device a filter matches, capped', () => {
  let db: Database;
  let service: DeviceService;
  /** The member's devices (in the demo subproject), by serial number. */
  const visibleSerials = ['IDS-A0', 'IDS-A1', 'IDS-A2', 'IDS-A3', 'IDS-A4', 'IDS-B0', 'IDS-B1', 'IDS-B2'];
  beforeAll(async () => {
    const storage = await openTestStorage();
    db = storage.db;
    const { devices, events, projects: projectRepository } = storage.repositories;
    await db.query("INSERT INTO project_members (project_id, user_id, role) VALUES ($1, 'ana', 'user')", [
      DEMO_SUBPROJECT_ID,
    ]);
    const connection = { connected: false, ts: new Date().toISOString() };
    const lightPoint = { deviceType: 'light-point-controller', vendor: 'orion' } as const;
    for (const serial of visibleSerials) await devices.register(serial, lightPoint, DEMO_SUBPROJECT_ID, connection);
    // Devices the member may not see, sorting among and before theirs.
    await devices.register('IDS-A', lightPoint, DEMO_PROJECT_ID, connection);
    await devices.register('IDS-', lightPoint, DEMO_NORTH_PROJECT_ID, connection);
    const writer = new WriteBehind({ devices, events }, pino({ level: 'silent' }));
    service = new DeviceService({
      devices,
      events,
      projects: new ProjectService(projectRepository, new ProjectMembers(db)),
      writer,
      matchingIdsMax: MAX,
    });
  });
  afterAll(async () => {
    await db.close();
  });

  const serialsOf = async (ids: readonly string[]) =>
    (await service.list(member, { limit: 500, q: 'IDS-' })).items
      .filter((device) => ids.includes(device.id))
      .map((device) => device.serialNumber);

  it('answers only the first ids in list order past the cap, with the whole count, marked truncated', async () => {
    const answer = await service.matchingIds(member, { q: 'IDS-' });
    expect(answer.total).toBe(visibleSerials.length);
    expect(answer.truncated).toBe(true);
    expect(answer.ids).toHaveLength(MAX);
    expect(await serialsOf(answer.ids)).toEqual(visibleSerials.slice(0, MAX));

    const descending = await service.matchingIds(member, { q: 'IDS-', sort: '-serialNumber' });
    expect(await serialsOf(descending.ids)).toEqual(visibleSerials.slice(-MAX));
  });

  it('answers every id, not truncated, when the matches fit the cap exactly', async () => {
    const answer = await service.matchingIds(member, { q: 'IDS-A' });
    expect(answer).toMatchObject({ total: MAX, truncated: false });
    expect(await serialsOf(answer.ids)).toEqual(visibleSerials.slice(0, MAX));
  });

  it("never includes another project's devices, which the count leaves out too", async () => {
    // 'IDS-A' (the parent project's) matches and sorts first, yet only the member's five come.
    const answer = await service.matchingIds(member, { q: 'IDS-A' });
    expect(answer.ids).toHaveLength(MAX);
    expect(await serialsOf(answer.ids)).not.toContain('IDS-A');
    expect(await service.matchingIds(member, { projectId: [DEMO_NORTH_PROJECT_ID] })).toEqual({
      ids: [],
      total: 0,
      truncated: false,
    });
  });
});

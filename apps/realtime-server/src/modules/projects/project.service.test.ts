import { DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID } from '@farola/protocol';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../auth/user';
import type { Database } from '../../db/database';
import { openTestStorage } from '../../testing/storage';
import { DeviceService } from '../devices/device.service';
import { WriteBehind } from '../devices/write-behind';
import type { ProjectRepository } from './project.repository';
import { ProjectMembers } from './project-members';
import { ProjectService } from './project.service';

const admin: User = {
  id: 'root',
  username: 'root',
  givenName: '',
  familyName: '',
  email: '',
  roles: ['admin'],
  isAdmin: true,
};
const member: User = {
  id: 'ana',
  username: 'ana',
  givenName: '',
  familyName: '',
  email: '',
  roles: ['view-devices'],
  isAdmin: false,
};

describe('project visibility', () => {
  let db: Database;
  let projectRepository: ProjectRepository;
  let projects: ProjectService;
  let devices: DeviceService;
  let otherProject: string;
  beforeAll(async () => {
    const storage = await openTestStorage();
    ({
      db,
      repositories: { projects: projectRepository },
    } = storage);
    const { devices: deviceRepository, events } = storage.repositories;
    [{ id: otherProject }] = (await db.query<{ id: string }>(
      "INSERT INTO projects (name) VALUES ('Harbour') RETURNING id",
    )) as [{ id: string }];
    await db.query("INSERT INTO project_members (project_id, user_id, role) VALUES ($1, 'ana', 'user')", [
      DEMO_SUBPROJECT_ID,
    ]);
    const connection = { connected: true, ts: new Date().toISOString() };
    const registration = { deviceType: 'light-point-controller', vendor: 'orion' } as const;
    await deviceRepository.register('VIS-DEMO', registration, DEMO_PROJECT_ID, connection);
    await deviceRepository.register('VIS-OLD-TOWN', registration, DEMO_SUBPROJECT_ID, connection);
    await deviceRepository.register('VIS-HARBOUR', registration, otherProject, connection);
    projects = new ProjectService(projectRepository, new ProjectMembers(db));
    const writer = new WriteBehind({ devices: deviceRepository, events }, pino({ level: 'silent' }));
    devices = new DeviceService({ devices: deviceRepository, events, projects, writer });
  });
  afterAll(async () => {
    await db.close();
  });

  const serials = async (user: User) =>
    (await devices.list(user, { limit: 50 })).items.map((device) => device.serialNumber).sort();

  it('lets an admin see every project and device without listing project ids first', async () => {
    const allIds = vi.spyOn(projectRepository, 'allIds');

    expect(await serials(admin)).toEqual(['VIS-DEMO', 'VIS-HARBOUR', 'VIS-OLD-TOWN']);
    // The two demo top-level projects, the demo subproject, and this test's own.
    expect((await projects.list(admin, { limit: 50 })).total).toBe(4);
    expect((await projects.get(admin, otherProject)).name).toBe('Harbour');

    expect(allIds).not.toHaveBeenCalled();
  });

  it('keeps a member to their projects and those projects’ descendants', async () => {
    expect(await serials(member)).toEqual(['VIS-OLD-TOWN']);
    expect((await projects.list(member, { limit: 50 })).items.map((project) => project.id)).toEqual([
      DEMO_SUBPROJECT_ID,
    ]);
    await expect(projects.get(member, otherProject)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

import {
  ACTION_ROLES,
  DEMO_NORTH_PROJECT_ID,
  DEMO_PROJECT_ID,
  DEMO_SUBPROJECT_ID,
  hasAnyRole,
  type LogRecord,
  type SubscribeAck,
} from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collect,
  type FarolaClient,
  type Harness,
  jsonRequest,
  startHarness,
  uniqueSerial,
} from '../../testing/harness';
import { startTestRealm, type TestRealm } from '../../testing/test-realm';

/**
 * Every API route × role × project, as the server answers them: each expected allow or deny holds,
 * and no answer, socket event or catch-up carries another project's data. Project A is the first
 * demo project (with its subproject), B the north districts.
 */
const A = DEMO_PROJECT_ID;
/** Where a year preview is computed. */
const PLACE = 'year=2027&latitude=41.39&longitude=2.17&timezone=Europe/Madrid';
const B = DEMO_NORTH_PROJECT_ID;

interface Person {
  id: string;
  roles: string[];
  /** Project permissions granted through the API before the matrix runs. */
  projects: { projectId: string; role: 'admin' | 'user' }[];
}

const PEOPLE: Record<string, Person> = {
  admin: { id: 'matrix-admin', roles: ['admin'], projects: [] },
  operator: {
    id: 'matrix-operator',
    roles: ['manage-devices', 'manage-alarms', 'manage-scheduling', 'view-dashboard', 'view-traceability'],
    projects: [{ projectId: A, role: 'user' }],
  },
  viewer: {
    id: 'matrix-viewer',
    roles: ['view-devices', 'view-alarms', 'view-dashboard', 'view-scheduling', 'view-projects', 'view-traceability'],
    projects: [
      { projectId: A, role: 'user' },
      { projectId: B, role: 'user' },
    ],
  },
  // The example: a member with no role, or only view-alarms, could factory-reset a device.
  noRole: { id: 'matrix-norole', roles: [], projects: [{ projectId: A, role: 'user' }] },
  alarmsOnly: { id: 'matrix-alarms', roles: ['view-alarms'], projects: [{ projectId: B, role: 'user' }] },
  projectAdmin: { id: 'matrix-padmin', roles: ['view-devices'], projects: [{ projectId: A, role: 'admin' }] },
  outsider: { id: 'matrix-outsider', roles: [], projects: [] },
};
type Name = keyof typeof PEOPLE;

/** The projects a person sees: its permissions' projects and their subprojects; admin sees all. */
function sees(person: Person, project: string): boolean {
  if (person.roles.includes('admin')) return true;
  const direct = person.projects.map((p) => p.projectId);
  return direct.includes(project) || (project === DEMO_SUBPROJECT_ID && direct.includes(A));
}
const holds = (person: Person, roles: readonly string[]) => hasAnyRole(person.roles, roles);
const administers = (person: Person, project: string) =>
  person.roles.includes('admin') || person.projects.some((p) => p.projectId === project && p.role === 'admin');

describe('the access matrix: every route × role × project', () => {
  let h: Harness;
  let idp: TestRealm;
  const tokens = {} as Record<Name, string>;
  /** One device per project: A's in the subproject (seen through its parent), B's in B. */
  const devices = {} as Record<'A' | 'B', { id: string; serial: string; project: string }>;
  /** A queued request on each device, created by the admin. */
  const requests = {} as Record<'A' | 'B', string>;
  /** The logged data each device uploaded. */
  const records = {} as Record<'A' | 'B', LogRecord[]>;

  const as = (name: Name, init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { authorization: `Bearer ${tokens[name]}`, ...init.headers },
  });
  const post = (name: Name, body: unknown) => as(name, { method: 'POST', body: JSON.stringify(body) });
  const send = (name: Name, method: string, path: string, body?: unknown) =>
    h.api(path, as(name, jsonRequest(method, body)));

  async function register(project: string): Promise<{ id: string; serial: string; project: string }> {
    const serial = uniqueSerial('MATRIX');
    return { id: await h.register(serial, { projectId: project }, tokens.admin), serial, project };
  }

  beforeAll(async () => {
    idp = await startTestRealm();
    h = await startHarness(idp.env);
    for (const [name, person] of Object.entries(PEOPLE)) tokens[name as Name] = await idp.sign(person.id, person.roles);
    // Each signs in once, so the directory knows them; then the admin grants their permissions.
    for (const name of Object.keys(PEOPLE) as Name[]) expect((await h.api('/v1/me', as(name))).status).toBe(200);
    for (const person of Object.values(PEOPLE)) {
      for (const grant of person.projects) {
        const answer = await h.api(`/v1/users/${person.id}/permissions`, post('admin', grant));
        expect(answer.status).toBe(200);
      }
    }
    devices.A = await register(DEMO_SUBPROJECT_ID);
    devices.B = await register(B);
    for (const key of ['A', 'B'] as const) {
      const answer = await h.api(`/v1/devices/${devices[key].id}/commands`, post('admin', { command: 'switchOn' }));
      expect(answer.status).toBe(202);
      requests[key] = answer.body.id;
    }
    // A day of logged data on each, uploaded on the admin's request.
    for (const key of ['A', 'B'] as const) {
      const params = { from: '2026-01-14T00:00:00Z', to: '2026-01-15T00:00:00Z' };
      const answer = await h.api(
        `/v1/devices/${devices[key].id}/commands`,
        post('admin', { command: 'uploadLog', params }),
      );
      expect(answer.status).toBe(202);
      records[key] = Array.from({ length: 24 }, (_, i) => ({
        hour: new Date(Date.parse(params.from) + i * 3_600_000).toISOString(),
        energy: key === 'A' ? 0.05 : 0.07,
        operatingHours: 1,
        onShare: 1,
        dimming: 100,
      }));
      const page = { requestId: answer.body.id, page: 1, pages: 1, records: records[key] };
      await h.publish(devices[key].serial, 'logs', page);
    }
    // Stored once the pages are in (expect.poll is for tests, not their set-up).
    for (const key of ['A', 'B'] as const) {
      const deadline = Date.now() + 10_000;
      while ((await h.api(`/v1/devices/${devices[key].id}/history`, as('admin'))).body.total !== 24) {
        if (Date.now() > deadline) throw new Error(`the logged data of ${key} was not stored`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    idp?.close();
  });

  const everyone = Object.keys(PEOPLE) as Name[];
  const both = ['A', 'B'] as const;

  it('covers every route of the API document', async () => {
    const document = (await h.api('/v1/openapi.json')).body;
    const operations = Object.entries(document.paths as Record<string, object>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        // Public: answers only whether the service is up (realtime/stream-permissions.test.ts).
        'GET /health',
        'GET /v1/about',
        'GET /v1/devices',
        'POST /v1/devices',
        'POST /v1/devices/batch',
        'POST /v1/devices/{id}/credentials',
        'GET /v1/gateways',
        'POST /v1/gateways',
        'POST /v1/gateways/{id}/credentials',
        'POST /v1/gateways/{id}/devices',
        'GET /v1/devices/{id}',
        'PATCH /v1/devices/{id}',
        'GET /v1/devices/{id}/events',
        'GET /v1/devices/{id}/history',
        'GET /v1/devices/{id}/photos',
        'POST /v1/devices/{id}/photos',
        'GET /v1/photos/{id}/content',
        'PATCH /v1/photos/{id}',
        'DELETE /v1/photos/{id}',
        'POST /v1/devices/{id}/commands',
        'POST /v1/devices/{id}/lifecycle',
        'POST /v1/devices/{id}/disable',
        'GET /v1/devices/export.csv',
        'GET /v1/devices/ids',
        'POST /v1/bulk-actions/check',
        'POST /v1/bulk-actions',
        'GET /v1/bulk-actions',
        'GET /v1/bulk-actions/{id}',
        'GET /v1/bulk-actions/{id}/items',
        'POST /v1/bulk-actions/{id}/cancel',
        'GET /v1/fleet',
        'GET /v1/fleet/columns',
        'GET /v1/me',
        'GET /v1/projects',
        'GET /v1/projects/{id}',
        'GET /v1/queued-requests',
        'GET /v1/queued-requests/{id}',
        'POST /v1/queued-requests/{id}/cancel',
        'POST /v1/queued-requests/cancel',
        'GET /v1/control-programs',
        'POST /v1/control-programs',
        'GET /v1/control-programs/{id}',
        'PUT /v1/control-programs/{id}',
        'DELETE /v1/control-programs/{id}',
        'POST /v1/control-programs/{id}/duplicate',
        'GET /v1/calendars',
        'POST /v1/calendars',
        'GET /v1/calendars/{id}',
        'PUT /v1/calendars/{id}',
        'DELETE /v1/calendars/{id}',
        'POST /v1/calendars/{id}/default',
        'POST /v1/calendars/{id}/apply',
        'POST /v1/control-programs/{id}/apply',
        'GET /v1/calendars/{id}/preview',
        'GET /v1/scheduling/export',
        'POST /v1/scheduling/import',
        'GET /v1/groups',
        'POST /v1/groups',
        'GET /v1/groups/{id}',
        'PUT /v1/groups/{id}',
        'DELETE /v1/groups/{id}',
        'POST /v1/groups/{id}/members',
        'POST /v1/groups/{id}/apply',
        'GET /v1/schedule-jobs/{id}',
        'GET /v1/groups/{id}/preview',
        'GET /v1/groups/{id}/energy-estimate',
        'GET /v1/devices/{id}/schedule/preview',
        'GET /v1/devices/{id}/group',
        'GET /v1/devices/{id}/schedule',
        'GET /v1/users',
        'GET /v1/users/{id}/permissions',
        'POST /v1/users/{id}/permissions',
        'DELETE /v1/users/{id}/permissions',
      ].sort(),
    );
  });

  it('refuses every route without a valid token', async () => {
    for (const path of ['/v1/me', '/v1/fleet', '/v1/devices', `/v1/devices/${devices.A.id}`, '/v1/users']) {
      expect((await h.api(path)).status).toBe(401);
      expect((await h.api(path, { headers: { authorization: 'Bearer forged.token.value' } })).status).toBe(401);
    }
  });

  it.each(everyone)('%s: the map fleet, /me and projects hold only the projects it may see', async (name) => {
    const person = PEOPLE[name]!;
    const fleet = (await h.api('/v1/fleet', as(name))).body.items.map((item: { deviceId: string }) => item.deviceId);
    for (const key of both) expect(fleet.includes(devices[key].id)).toBe(sees(person, devices[key].project));
    const columns = (await h.api('/v1/fleet/columns', as(name))).body as { deviceId: string[]; projects: string[] };
    expect(new Set(columns.deviceId)).toEqual(new Set(fleet));
    for (const project of columns.projects) expect(sees(person, project)).toBe(true);

    const me = (await h.api('/v1/me', as(name))).body;
    expect(new Set(me.projectIds)).toEqual(
      new Set([A, DEMO_SUBPROJECT_ID, B].filter((project) => sees(person, project))),
    );
    expect(me.administeredProjectIds.includes(A)).toBe(administers(person, A));

    const projects = (await h.api('/v1/projects', as(name))).body.items.map((p: { id: string }) => p.id);
    expect(projects.includes(B)).toBe(sees(person, B));
    for (const project of [A, B]) {
      expect((await h.api(`/v1/projects/${project}`, as(name))).status).toBe(sees(person, project) ? 200 : 404);
    }
    expect((await h.api('/v1/about', as(name))).status).toBe(200);
  });

  it.each(everyone)('%s: device lists need an inventory role and hold only visible devices', async (name) => {
    const person = PEOPLE[name]!;
    const list = await h.api('/v1/devices?limit=500', as(name));
    if (!holds(person, ACTION_ROLES.listDevices)) {
      expect(list).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
      return;
    }
    expect(list.status).toBe(200);
    const ids = list.body.items.map((device: { id: string }) => device.id);
    for (const key of both) expect(ids.includes(devices[key].id)).toBe(sees(person, devices[key].project));
  });

  it.each(everyone)(
    '%s: a device, its events, its logged data and its requests only where it may see them',
    async (name) => {
      const person = PEOPLE[name]!;
      for (const key of both) {
        const visible = sees(person, devices[key].project);
        const device = await h.api(`/v1/devices/${devices[key].id}`, as(name));
        expect(device.status).toBe(visible ? 200 : 404);
        if (!visible) expect(JSON.stringify(device.body)).not.toContain(devices[key].serial);
        expect((await h.api(`/v1/devices/${devices[key].id}/events`, as(name))).status).toBe(visible ? 200 : 404);
        const history = await h.api(`/v1/devices/${devices[key].id}/history`, as(name));
        expect(history.status).toBe(visible ? 200 : 404);
        if (visible) expect(history.body.items).toEqual(records[key]);
        expect((await h.api(`/v1/queued-requests/${requests[key]}`, as(name))).status).toBe(visible ? 200 : 404);
      }
      const queued = (await h.api('/v1/queued-requests?limit=500', as(name))).body.items.map(
        (r: { id: string }) => r.id,
      );
      for (const key of both) expect(queued.includes(requests[key])).toBe(sees(person, devices[key].project));
    },
  );

  it.each(everyone)('%s: commands and cancelling need manage-devices, on a visible device', async (name) => {
    const person = PEOPLE[name]!;
    for (const key of both) {
      const answer = await h.api(`/v1/devices/${devices[key].id}/commands`, post(name, { command: 'factoryReset' }));
      const cancel = await h.api(`/v1/queued-requests/${requests[key]}/cancel`, post(name, {}));
      if (!holds(person, ACTION_ROLES.commandDevices)) {
        expect(answer).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        expect(cancel.status).toBe(403);
      } else if (!sees(person, devices[key].project)) {
        expect(answer).toMatchObject({ status: 404, body: { error: { code: 'DEVICE_NOT_FOUND' } } });
        expect(cancel.status).toBe(404);
      } else {
        expect(answer.status).toBe(202);
        // Cancelled now, or already finished: either way the request was the caller's to touch.
        expect([200, 409]).toContain(cancel.status);
      }
    }
  });

  it.each(everyone)(
    '%s: editing notes and fixed location needs manage-devices or edit-device, on a visible device',
    async (name) => {
      const person = PEOPLE[name]!;
      for (const key of both) {
        const answer = await h.api(
          `/v1/devices/${devices[key].id}`,
          as(name, { method: 'PATCH', body: JSON.stringify({ notes: `checked by ${name}` }) }),
        );
        if (!holds(person, ACTION_ROLES.editDevices)) {
          expect(answer).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        } else if (!sees(person, devices[key].project)) {
          expect(answer).toMatchObject({ status: 404, body: { error: { code: 'DEVICE_NOT_FOUND' } } });
        } else {
          expect(answer).toMatchObject({ status: 200, body: { notes: { text: `checked by ${name}` } } });
        }
      }
    },
  );

  it.each(everyone)(
    '%s: photographs: seen where the device is, uploaded, captioned and deleted with manage-devices or edit-device',
    async (name) => {
      const person = PEOPLE[name]!;
      const png = new Uint8Array(32).fill(1);
      png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      for (const key of both) {
        const path = `/v1/devices/${devices[key].id}/photos`;
        const image = { method: 'POST', body: png, headers: { 'content-type': 'image/png' } };
        // The admin's photograph, for everyone to try to read, caption and delete.
        const theirs = (await h.api(`${path}?filename=admin.png`, as('admin', image))).body.id as string;
        const visible = sees(person, devices[key].project);
        const list = await h.api(path, as(name));
        expect(list.status).toBe(visible ? 200 : 404);
        if (visible) expect(list.body.items.map((p: { id: string }) => p.id)).toContain(theirs);
        const content = await fetch(`${h.server.httpUrl}/lighting/api/v1/photos/${theirs}/content`, as(name));
        expect(content.status).toBe(visible ? 200 : 404);

        const uploaded = await h.api(`${path}?filename=${name}.png`, as(name, image));
        const captioned = await h.api(`/v1/photos/${theirs}`, as(name, { method: 'PATCH', body: '{"caption":"x"}' }));
        const deleted = await h.api(`/v1/photos/${theirs}`, as(name, { method: 'DELETE' }));
        if (!holds(person, ACTION_ROLES.editDevices)) {
          for (const answer of [uploaded, captioned, deleted]) {
            expect(answer).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
          }
        } else if (!visible) {
          expect(uploaded).toMatchObject({ status: 404, body: { error: { code: 'DEVICE_NOT_FOUND' } } });
          expect(captioned.status).toBe(404);
          expect(deleted.status).toBe(404);
        } else {
          expect(uploaded).toMatchObject({ status: 201, body: { uploadedBy: person.id } });
          expect(captioned).toMatchObject({ status: 200, body: { caption: 'x' } });
          expect(deleted.status).toBe(200);
        }
      }
    },
  );

  it.each(everyone)('%s: provisioning needs manage-devices, in a project it may see', async (name) => {
    const person = PEOPLE[name]!;
    for (const project of [A, B]) {
      const serialNumber = uniqueSerial('PROV');
      const device = {
        serialNumber,
        deviceType: 'light-point-controller',
        vendor: 'vega',
        projectId: project,
        name: serialNumber,
      };
      const created = await h.api('/v1/devices', post(name, device));
      const gateway = await h.api(
        '/v1/gateways',
        post(name, { gatewayId: uniqueSerial('GW'), projectId: project, name: 'GW' }),
      );
      if (!holds(person, ACTION_ROLES.provisionDevices)) {
        expect(created).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        expect(gateway.status).toBe(403);
      } else if (!sees(person, project)) {
        expect(created.status).toBe(404);
        expect(gateway.status).toBe(404);
      } else {
        expect(created.status).toBe(201);
        expect(created.body.credentials).toMatchObject({ username: serialNumber, password: expect.any(String) });
        expect(gateway.status).toBe(201);
        const rotated = await h.api(`/v1/devices/${created.body.id}/credentials`, post(name, {}));
        expect(rotated.status).toBe(200);
      }
    }
    const foreignRotation = await h.api(`/v1/devices/${devices.B.id}/credentials`, post(name, {}));
    if (!holds(person, ACTION_ROLES.provisionDevices)) expect(foreignRotation.status).toBe(403);
    else if (!sees(person, devices.B.project)) expect(foreignRotation.status).toBe(404);
    const gateways = await h.api('/v1/gateways', as(name));
    expect(gateways.status).toBe(holds(person, ACTION_ROLES.listDevices) ? 200 : 403);
    if (gateways.status === 200) {
      for (const gateway of gateways.body.items as { projectId: string }[]) {
        expect(sees(person, gateway.projectId)).toBe(true);
      }
    }
  });

  it.each(everyone)(
    '%s: control programs and calendars: seen with a scheduling role, changed with manage-scheduling, on visible projects only',
    async (name) => {
      const person = PEOPLE[name]!;
      const viewer = holds(person, ACTION_ROLES.viewScheduling);
      const manager = holds(person, ACTION_ROLES.manageScheduling);
      const intervals = [{ start: '20:00', dimming: 100, fadingMinutes: 0 }];
      for (const project of [A, B]) {
        // The admin's program and calendar in the project, for everyone to try to read, change and delete.
        const program = await send('admin', 'POST', '/v1/control-programs', {
          projectId: project,
          name: `Matrix ${name}`,
          intervals,
        });
        const rules = [{ repetition: 'daily', startDate: '2026-01-01', programId: program.body.id }];
        const calendar = await send('admin', 'POST', '/v1/calendars', {
          projectId: project,
          name: `Matrix ${name}`,
          astronomical: false,
          rules,
        });
        const [programPath, calendarPath] = [
          `/v1/control-programs/${program.body.id}`,
          `/v1/calendars/${calendar.body.id}`,
        ];
        const visible = sees(person, project);
        const reads = [
          await send(name, 'GET', programPath),
          await send(name, 'GET', calendarPath),
          await send(name, 'GET', `/v1/control-programs?projectId=${project}`),
          await send(name, 'GET', `/v1/calendars?projectId=${project}`),
          await send(name, 'GET', `${calendarPath}/preview?${PLACE}`),
        ];
        if (!viewer) {
          for (const read of reads)
            expect(read).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        } else {
          expect([reads[0], reads[1], reads[4]].map((read) => read!.status)).toEqual(
            visible ? [200, 200, 200] : [404, 404, 404],
          );
          expect(reads[2]!.body.items.some((p: { id: string }) => p.id === program.body.id)).toBe(visible);
          expect(reads[3]!.body.items.some((c: { id: string }) => c.id === calendar.body.id)).toBe(visible);
        }
        const writes = [
          await send(name, 'POST', '/v1/control-programs', { projectId: project, name: `${name} own`, intervals }),
          await send(name, 'POST', '/v1/calendars', {
            projectId: project,
            name: `${name} own`,
            astronomical: false,
            rules,
          }),
          await send(name, 'PUT', programPath, { name: `Matrix ${name}`, intervals }),
          await send(name, 'POST', `${programPath}/duplicate`, {}),
          await send(name, 'PUT', calendarPath, { name: `Matrix ${name}`, astronomical: true, rules }),
          await send(name, 'POST', `${calendarPath}/default`),
        ];
        if (!manager) {
          for (const write of writes)
            expect(write).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        } else if (!visible) {
          for (const write of writes) expect(write.status).toBe(404);
        } else {
          expect(writes.map((write) => write.status)).toEqual([201, 201, 200, 201, 200, 200]);
        }
        // A caller that may change them has just made the admin's calendar its project's default, and the
        // calendar names the program: both deletions are then refused for what they are, not for who asks.
        const calendarDeleted = await send(name, 'DELETE', calendarPath);
        if (!manager) expect(calendarDeleted.status).toBe(403);
        else if (!visible) expect(calendarDeleted.status).toBe(404);
        else expect(calendarDeleted.body.error.code).toBe('DEFAULT_CALENDAR');
        const programDeleted = await send(name, 'DELETE', programPath);
        expect(programDeleted.status).toBe(!manager ? 403 : !visible ? 404 : 409);
      }
    },
  );

  it.each(everyone)(
    '%s: the TALQ export needs a scheduling role, the import manage-scheduling, on visible projects only',
    async (name) => {
      const person = PEOPLE[name]!;
      for (const project of [A, B]) {
        const visible = sees(person, project);
        // The admin's program and calendar in the project, exported by the admin, for everyone to export and import.
        const program = await send('admin', 'POST', '/v1/control-programs', {
          projectId: project,
          name: `TALQ ${name}`,
          intervals: [{ start: '20:00', dimming: 100, fadingMinutes: 0 }],
        });
        const calendar = await send('admin', 'POST', '/v1/calendars', {
          projectId: project,
          name: `TALQ ${name}`,
          astronomical: false,
          rules: [{ repetition: 'daily', startDate: '2026-01-01', programId: program.body.id }],
        });
        const oneCalendar = `/v1/scheduling/export?projectId=${project}&calendarId=${calendar.body.id}`;
        const theirs = await send('admin', 'GET', oneCalendar);
        expect(theirs.status).toBe(200);
        const reads = [
          await send(name, 'GET', oneCalendar),
          await send(name, 'GET', `/v1/scheduling/export?projectId=${project}`),
        ];
        for (const read of reads) {
          if (!holds(person, ACTION_ROLES.viewScheduling)) {
            expect(read).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
          } else expect(read.status).toBe(visible ? 200 : 404);
        }
        if (reads[1]!.status === 200) {
          // Both projects hold a program of this name: the project's own only.
          const named = reads[1]!.body.controlPrograms.filter((p: { name: string }) => p.name === `TALQ ${name}`);
          expect(named.map((p: { id: string }) => p.id)).toEqual([program.body.id]);
        }
        // Renamed, since names are unique in a project.
        const renamed = <T extends { name: string }>(items: T[]) =>
          items.map((item) => ({ ...item, name: `${item.name} copy` }));
        const document = {
          ...theirs.body,
          controlPrograms: renamed(theirs.body.controlPrograms),
          calendars: renamed(theirs.body.calendars),
        };
        const imported = await send(name, 'POST', '/v1/scheduling/import', { projectId: project, document });
        if (!holds(person, ACTION_ROLES.manageScheduling)) {
          expect(imported).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        } else expect(imported.status).toBe(visible ? 201 : 404);
      }
    },
  );

  it.each(everyone)(
    '%s: groups: seen with a scheduling or inventory role, made with manage-scheduling, filled with manage-devices too, on visible projects only',
    async (name) => {
      const person = PEOPLE[name]!;
      for (const key of both) {
        const { project, id: deviceId } = devices[key];
        const visible = sees(person, project);
        // The admin's group in the device's project, for everyone to try to read, change, fill and delete.
        const group = await send('admin', 'POST', '/v1/groups', { projectId: project, name: `Matrix ${name}` });
        expect(group.status).toBe(201);
        const path = `/v1/groups/${group.body.id}`;
        const reads = [
          await send(name, 'GET', path),
          await send(name, 'GET', `/v1/devices/${deviceId}/group`),
          await send(name, 'GET', `/v1/groups?projectId=${project}`),
          await send(name, 'GET', `/v1/devices/${deviceId}/schedule`),
        ];
        if (!holds(person, ACTION_ROLES.viewGroups)) {
          for (const read of reads)
            expect(read).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        } else {
          expect([reads[0], reads[1], reads[3]].map((read) => read!.status)).toEqual(
            visible ? [200, 200, 200] : [404, 404, 404],
          );
          expect(reads[2]!.body.items.some((g: { id: string }) => g.id === group.body.id)).toBe(visible);
          if (!visible) expect(JSON.stringify(reads[1]!.body)).not.toContain(project);
        }
        const made = await send(name, 'POST', '/v1/groups', { projectId: project, name: `${name} own` });
        const saved = await send(name, 'PUT', path, { name: `Matrix ${name}`, operateMode: '013' });
        if (!holds(person, ACTION_ROLES.manageGroups)) {
          for (const write of [made, saved])
            expect(write).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        } else {
          expect([made.status, saved.status]).toEqual(visible ? [201, 200] : [404, 404]);
        }
        const filled = await send(name, 'POST', `${path}/members`, { deviceIds: [deviceId] });
        if (!holds(person, ACTION_ROLES.groupDevices)) expect(filled.status).toBe(403);
        else expect(filled.status).toBe(visible ? 200 : 404);
        // The inventory's filter by the group: its devices where the project is seen, 'Group not found' elsewhere.
        for (const list of ['/v1/devices', '/v1/devices/ids']) {
          const filtered = await send(name, 'GET', `${list}?groupId=${group.body.id}`);
          if (!holds(person, ACTION_ROLES.listDevices)) expect(filtered.status).toBe(403);
          else if (!visible) {
            expect(filtered).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
            expect(JSON.stringify(filtered.body)).not.toContain(deviceId);
          } else {
            const listed =
              list === '/v1/devices' ? filtered.body.items.map((d: { id: string }) => d.id) : filtered.body.ids;
            expect(listed).toEqual(filled.status === 200 ? [deviceId] : []);
          }
        }
        // A group the caller filled has a member; the admin's empty one goes only where the caller may manage it.
        const deleted = await send(name, 'DELETE', path);
        if (!holds(person, ACTION_ROLES.manageGroups)) expect(deleted.status).toBe(403);
        else if (!visible) expect(deleted.status).toBe(404);
        else expect(deleted.body.error.code).toBe('GROUP_HAS_MEMBERS');
        // The device back in its default group, for the next person.
        const defaults = await send('admin', 'GET', `/v1/groups?projectId=${project}&q=Default`);
        await send('admin', 'POST', `/v1/groups/${defaults.body.items[0].id}/members`, { deviceIds: [deviceId] });
      }
    },
  );

  it.each(everyone)(
    "%s: applying a group's schedule needs manage-scheduling, reading its job a scheduling role, on visible projects only",
    async (name) => {
      const person = PEOPLE[name]!;
      for (const key of both) {
        const { project, id: deviceId } = devices[key];
        const visible = sees(person, project);
        // The admin's program in a group of the project's device, applied once by the admin.
        const program = await send('admin', 'POST', '/v1/control-programs', {
          projectId: project,
          name: `Apply ${name}`,
          intervals: [{ start: '20:00', dimming: 100, fadingMinutes: 0 }],
        });
        const group = await send('admin', 'POST', '/v1/groups', {
          projectId: project,
          name: `Apply ${name}`,
          programId: program.body.id,
        });
        expect(
          (await send('admin', 'POST', `/v1/groups/${group.body.id}/members`, { deviceIds: [deviceId] })).status,
        ).toBe(200);
        const theirs = await send('admin', 'POST', `/v1/groups/${group.body.id}/apply`);
        expect(theirs.status).toBe(202);

        const applied = await send(name, 'POST', `/v1/groups/${group.body.id}/apply`);
        // 'Save and apply' of the program: every group of its project that runs it, as one job each.
        const byProgram = await send(name, 'POST', `/v1/control-programs/${program.body.id}/apply`);
        for (const answer of [applied, byProgram]) {
          if (!holds(person, ACTION_ROLES.manageScheduling)) expect(answer.status).toBe(403);
          else expect(answer.status).toBe(visible ? 202 : 404);
        }
        if (byProgram.status === 202) {
          expect(byProgram.body.jobs).toEqual([expect.objectContaining({ groupId: group.body.id })]);
        }
        // A calendar no group with light points runs: refused as such where the caller may apply it.
        const calendar = await send('admin', 'POST', '/v1/calendars', {
          projectId: project,
          name: `Apply ${name}`,
          astronomical: false,
          rules: [{ repetition: 'daily', startDate: '2026-01-01', programId: program.body.id }],
        });
        const byCalendar = await send(name, 'POST', `/v1/calendars/${calendar.body.id}/apply`);
        if (!holds(person, ACTION_ROLES.manageScheduling)) expect(byCalendar.status).toBe(403);
        else if (!visible) expect(byCalendar.status).toBe(404);
        else expect(byCalendar.body.error.code).toBe('NOT_APPLIED_TO_ANY_GROUP');
        const job = await send(name, 'GET', `/v1/schedule-jobs/${theirs.body.id}`);
        const preview = await send(name, 'GET', `/v1/groups/${group.body.id}/preview?${PLACE}`);
        for (const read of [job, preview]) {
          if (!holds(person, ACTION_ROLES.viewScheduling)) expect(read.status).toBe(403);
          else expect(read.status).toBe(visible ? 200 : 404);
        }
        // The device back in its default group, for the next person.
        const defaults = await send('admin', 'GET', `/v1/groups?projectId=${project}&q=Default`);
        await send('admin', 'POST', `/v1/groups/${defaults.body.items[0].id}/members`, { deviceIds: [deviceId] });
      }
    },
  );

  it("one light point's year preview needs a scheduling or inventory role, a group's energy estimate a scheduling role, on visible projects only", async () => {
    // Each device stands in Barcelona with a 100 W luminaire, in a group of its project running one program.
    const groups = {} as Record<'A' | 'B', string>;
    for (const key of both) {
      const { project, id: deviceId, serial } = devices[key];
      const values = { latitude: 41.39, longitude: 2.17, timezone: 'Europe/Madrid', maxPower: 100 };
      await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values });
      await expect
        .poll(async () => (await send('admin', 'GET', `/v1/devices/${deviceId}`)).body.attributes)
        .toMatchObject(values);
      const program = await send('admin', 'POST', '/v1/control-programs', {
        projectId: project,
        name: 'Estimated',
        intervals: [
          { start: '22:00', dimming: 50, fadingMinutes: 0 },
          { start: '06:00', dimming: 0, fadingMinutes: 0 },
        ],
      });
      const group = await send('admin', 'POST', '/v1/groups', {
        projectId: project,
        name: 'Estimated',
        programId: program.body.id,
      });
      groups[key] = group.body.id;
      expect((await send('admin', 'POST', `/v1/groups/${groups[key]}/members`, { deviceIds: [deviceId] })).status).toBe(
        200,
      );
    }
    for (const name of everyone) {
      const person = PEOPLE[name]!;
      for (const key of both) {
        const visible = sees(person, devices[key].project);
        const preview = await send(name, 'GET', `/v1/devices/${devices[key].id}/schedule/preview?year=2027`);
        if (!holds(person, ACTION_ROLES.viewGroups)) expect(preview.status).toBe(403);
        else expect([name, preview.status]).toEqual([name, visible ? 200 : 404]);
        const estimate = await send(name, 'GET', `/v1/groups/${groups[key]}/energy-estimate?year=2027`);
        if (!holds(person, ACTION_ROLES.viewScheduling)) expect(estimate.status).toBe(403);
        else
          expect([name, estimate.status, estimate.body.ratedPowerW]).toEqual(
            visible ? [name, 200, 100] : [name, 404, undefined],
          );
      }
    }
    // The devices back in their default groups, for the next test.
    for (const key of both) {
      const defaults = await send('admin', 'GET', `/v1/groups?projectId=${devices[key].project}&q=Default`);
      await send('admin', 'POST', `/v1/groups/${defaults.body.items[0].id}/members`, { deviceIds: [devices[key].id] });
    }
  });

  it.each(everyone)(
    '%s: user management only for admin and project administrators, on their projects',
    async (name) => {
      const person = PEOPLE[name]!;
      const manager = person.roles.includes('admin') || person.projects.some((p) => p.role === 'admin');
      const target = PEOPLE.noRole!.id;
      const list = await h.api('/v1/users?q=matrix', as(name));
      const permissions = await h.api(`/v1/users/${target}/permissions`, as(name));
      if (!manager) {
        expect(list).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        expect(permissions.status).toBe(403);
      } else {
        expect(list.body.items.map((u: { id: string }) => u.id)).toContain(target);
        // A project administrator sees permissions on its own projects only.
        const projects = permissions.body.permissions.map((p: { projectId: string }) => p.projectId);
        expect(projects).toEqual([A]);
      }
      for (const project of [A, B]) {
        const grant = await h.api(`/v1/users/${target}/permissions`, post(name, { projectId: project, role: 'user' }));
        if (!administers(person, project)) {
          expect(grant).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        } else if (project === A) {
          // It already holds 'user' on A.
          expect(grant).toMatchObject({ status: 409, body: { error: { code: 'USER_ROLE_EXISTS' } } });
        } else {
          expect(grant.status).toBe(200);
          const revoked = await h.api(
            `/v1/users/${target}/permissions?projectId=${project}`,
            as(name, { method: 'DELETE' }),
          );
          expect(revoked.status).toBe(200);
        }
      }
    },
  );

  it.each(everyone)(
    '%s: bulk actions: checking, starting and cancelling need manage-devices, reading an inventory role, on visible projects only (every project of a job)',
    async (name) => {
      const person = PEOPLE[name]!;
      const commander = holds(person, ACTION_ROLES.commandDevices);
      const reader = holds(person, ACTION_ROLES.listDevices);
      /** A job per project, started by the admin on that project's device (still running: nobody answers). */
      const jobs = {} as Record<'A' | 'B', string>;
      for (const key of both) {
        const started = await h.api(
          '/v1/bulk-actions',
          post('admin', { action: 'switchOn', deviceIds: [devices[key].id] }),
        );
        expect(started.status).toBe(202);
        jobs[key] = started.body.id;
      }
      for (const key of both) {
        const visible = sees(person, devices[key].project);
        const body = { action: 'switchOn', deviceIds: [devices[key].id] };
        const check = await h.api('/v1/bulk-actions/check', post(name, body));
        const create = await h.api('/v1/bulk-actions', post(name, body));
        if (!commander) {
          expect(check).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
          expect(create).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        } else if (!visible) {
          expect(check).toMatchObject({ status: 404, body: { error: { code: 'DEVICE_NOT_FOUND' } } });
          expect(create).toMatchObject({ status: 404, body: { error: { code: 'DEVICE_NOT_FOUND' } } });
          expect(JSON.stringify(check.body)).not.toContain(devices[key].serial);
        } else {
          expect(check).toMatchObject({ status: 200, body: { total: 1 } });
          expect(create).toMatchObject({ status: 202, body: { total: 1, projectIds: [devices[key].project] } });
        }

        const job = await h.api(`/v1/bulk-actions/${jobs[key]}`, as(name));
        const items = await h.api(`/v1/bulk-actions/${jobs[key]}/items`, as(name));
        if (!reader) {
          expect(job).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
          expect(items.status).toBe(403);
        } else if (!visible) {
          expect(job).toMatchObject({ status: 404, body: { error: { code: 'BULK_JOB_NOT_FOUND' } } });
          expect(items).toMatchObject({ status: 404, body: { error: { code: 'BULK_JOB_NOT_FOUND' } } });
        } else {
          expect(job).toMatchObject({ status: 200, body: { id: jobs[key] } });
          expect(items.status).toBe(200);
          expect(items.body.items.map((item: { deviceId: string }) => item.deviceId)).toEqual([devices[key].id]);
        }

        const cancel = await h.api(`/v1/bulk-actions/${jobs[key]}/cancel`, post(name, {}));
        if (!commander) expect(cancel).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        else if (!visible)
          expect(cancel).toMatchObject({ status: 404, body: { error: { code: 'BULK_JOB_NOT_FOUND' } } });
        else expect(cancel).toMatchObject({ status: 200, body: { status: 'cancelled' } });
        // A refused cancel left the job running.
        if (!commander || !visible) {
          expect((await h.api(`/v1/bulk-actions/${jobs[key]}`, as('admin'))).body.status).toBe('running');
        }
      }

      // A job over both projects, by the admin: its counts, devices and cancel are for whoever sees both.
      const across = await h.api(
        '/v1/bulk-actions',
        post('admin', { action: 'switchOn', deviceIds: [devices.A.id, devices.B.id] }),
      );
      expect(across.status).toBe(202);
      const seesBoth = both.every((key) => sees(person, devices[key].project));
      const acrossJob = await h.api(`/v1/bulk-actions/${across.body.id}`, as(name));
      const acrossItems = await h.api(`/v1/bulk-actions/${across.body.id}/items`, as(name));
      if (!reader) {
        expect(acrossJob.status).toBe(403);
        expect(acrossItems.status).toBe(403);
      } else if (!seesBoth) {
        expect(acrossJob).toMatchObject({ status: 404, body: { error: { code: 'BULK_JOB_NOT_FOUND' } } });
        expect(acrossItems).toMatchObject({ status: 404, body: { error: { code: 'BULK_JOB_NOT_FOUND' } } });
        for (const key of both) expect(JSON.stringify(acrossItems.body)).not.toContain(devices[key].serial);
      } else {
        expect(acrossJob).toMatchObject({ status: 200, body: { total: 2 } });
        expect(acrossItems.body.total).toBe(2);
      }
      const acrossCancel = await h.api(`/v1/bulk-actions/${across.body.id}/cancel`, post(name, {}));
      if (!commander) expect(acrossCancel.status).toBe(403);
      else if (!seesBoth) {
        expect(acrossCancel).toMatchObject({ status: 404, body: { error: { code: 'BULK_JOB_NOT_FOUND' } } });
      } else expect(acrossCancel).toMatchObject({ status: 200, body: { status: 'cancelled' } });
      const acrossAfter = await h.api(`/v1/bulk-actions/${across.body.id}`, as('admin'));
      expect(acrossAfter.body.status).toBe(commander && seesBoth ? 'cancelled' : 'running');
      // Its requests on both devices end, as any test's here do, before the next person's.
      if (acrossAfter.body.status === 'running') {
        expect((await h.api(`/v1/bulk-actions/${across.body.id}/cancel`, post('admin', {}))).status).toBe(200);
      }

      const list = await h.api('/v1/bulk-actions?limit=100', as(name));
      if (!reader) {
        expect(list).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        return;
      }
      expect(list.status).toBe(200);
      const listed = list.body.items as { id: string; projectIds: string[] }[];
      for (const job of listed) expect(job.projectIds.every((project) => sees(person, project))).toBe(true);
      for (const key of both) {
        expect(listed.some((job) => job.id === jobs[key])).toBe(sees(person, devices[key].project));
      }
      expect(listed.some((job) => job.id === across.body.id)).toBe(seesBoth);
    },
  );

  it.each(everyone)(
    "%s: status actions and 'Disable devices' need manage-devices, on a visible device",
    async (name) => {
      const person = PEOPLE[name]!;
      for (const key of both) {
        const allowed = holds(person, ACTION_ROLES.commandDevices) && sees(person, devices[key].project);
        // An allowed change is made on a device of its own, so that the shared devices stay as they are.
        const target = allowed ? await register(devices[key].project) : devices[key];
        const move = await h.api(`/v1/devices/${target.id}/lifecycle`, post(name, { action: 'sendToRevision' }));
        const disable = await h.api(`/v1/devices/${target.id}/disable`, post(name, { consequencesAccepted: true }));
        if (!holds(person, ACTION_ROLES.commandDevices)) {
          expect(move).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
          expect(disable).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        } else if (!allowed) {
          expect(move).toMatchObject({ status: 404, body: { error: { code: 'DEVICE_NOT_FOUND' } } });
          expect(disable).toMatchObject({ status: 404, body: { error: { code: 'DEVICE_NOT_FOUND' } } });
        } else {
          expect(move).toMatchObject({ status: 200, body: { status: 'revision' } });
          expect(disable).toMatchObject({ status: 200, body: { disabled: true } });
        }
        if (!allowed) {
          expect((await h.api(`/v1/devices/${target.id}`, as('admin'))).body).toMatchObject({
            status: 'ready',
            disabled: false,
          });
        }
      }
    },
  );

  it.each(everyone)('%s: the CSV export needs an inventory role and holds only visible devices', async (name) => {
    const person = PEOPLE[name]!;
    const answer = await fetch(`${h.server.httpUrl}/lighting/api/v1/devices/export.csv`, as(name));
    const text = await answer.text();
    if (!holds(person, ACTION_ROLES.listDevices)) {
      expect(answer.status).toBe(403);
      expect(JSON.parse(text)).toMatchObject({ error: { code: 'ACCESS_NOT_GRANTED' } });
      return;
    }
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/text\/csv/);
    for (const key of both) expect(text.includes(devices[key].serial)).toBe(sees(person, devices[key].project));
  });

  it.each(everyone)(
    '%s: the ids of every matching device need an inventory role and hold only visible devices',
    async (name) => {
      const person = PEOPLE[name]!;
      const answer = await h.api('/v1/devices/ids', as(name));
      if (!holds(person, ACTION_ROLES.listDevices)) {
        expect(answer).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
        return;
      }
      expect(answer.status).toBe(200);
      for (const key of both)
        expect(answer.body.ids.includes(devices[key].id)).toBe(sees(person, devices[key].project));
      // Asking for another project by its id finds nothing in it.
      for (const key of both) {
        const named = await h.api(`/v1/devices/ids?projectId=${devices[key].project}`, as(name));
        const visible = sees(person, devices[key].project);
        expect(named.body.ids.includes(devices[key].id)).toBe(visible);
        if (!visible) expect(named.body).toEqual({ ids: [], total: 0, truncated: false });
      }
    },
  );

  it.each(everyone)(
    '%s: cancelling many queued requests needs manage-devices, and touches only visible ones',
    async (name) => {
      const person = PEOPLE[name]!;
      const fresh = {} as Record<'A' | 'B', string>;
      for (const key of both) {
        const answer = await h.api(`/v1/devices/${devices[key].id}/commands`, post('admin', { command: 'reboot' }));
        expect(answer.status).toBe(202);
        fresh[key] = answer.body.id;
      }
      const answer = await h.api('/v1/queued-requests/cancel', post(name, { ids: [fresh.A, fresh.B] }));
      if (!holds(person, ACTION_ROLES.commandDevices)) {
        expect(answer).toMatchObject({ status: 403, body: { error: { code: 'ACCESS_NOT_GRANTED' } } });
      } else {
        expect(answer.status).toBe(200);
        for (const key of both) {
          const outcome = (answer.body.items as { id: string }[]).find((item) => item.id === fresh[key]);
          expect(outcome).toMatchObject(
            sees(person, devices[key].project)
              ? { outcome: 'cancelled' }
              : { outcome: 'failed', error: { code: 'QUEUED_COMMAND_NOT_FOUND' } },
          );
        }
      }
      for (const key of both) {
        const cancelled = holds(person, ACTION_ROLES.commandDevices) && sees(person, devices[key].project);
        const request = await h.api(`/v1/queued-requests/${fresh[key]}`, as('admin'));
        expect(request.body.status).toBe(cancelled ? 'CANCELLED' : 'IN_PROGRESS');
        // Leaves nothing running for the next person's commands.
        if (!cancelled) await h.api(`/v1/queued-requests/${fresh[key]}/cancel`, post('admin', {}));
      }
    },
  );

  it('gives a socket only the events of projects its user may see, and never replays another project', async () => {
    const sockets = {} as Record<Name, FarolaClient>;
    for (const name of everyone) sockets[name] = await h.socket({ token: tokens[name]! });
    const heard = Object.fromEntries(everyone.map((name) => [name, collect(sockets[name]!, 'FleetStateUpdated')]));
    for (const key of both) {
      await h.publish(devices[key].serial, 'connection', { connected: false, ts: new Date().toISOString() });
    }
    await expect.poll(() => heard.admin!.length).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const name of everyone) {
      const ids = new Set(heard[name]!.map((event) => event.deviceId));
      for (const key of both)
        expect(ids.has(devices[key].id), `${name} / ${key}`).toBe(sees(PEOPLE[name]!, devices[key].project));
      // A resume naming another project's streams is answered with resync, never with its items.
      const foreign = [`fleet:${B}`, `project:${B}`, `device:${devices.B.id}`];
      if (!sees(PEOPLE[name]!, B)) {
        const socket = sockets[name]!;
        const replayed = collect(socket, 'FleetStateUpdated');
        const answer = await new Promise<{ resync: string[] }>((resolve) =>
          socket.emit(
            'resume',
            { epoch: socket.session.epoch, positions: Object.fromEntries(foreign.map((s) => [s, 0])) },
            resolve as never,
          ),
        );
        expect(new Set(answer.resync)).toEqual(new Set(foreign));
        expect(replayed).toEqual([]);
      }
    }
    for (const name of everyone) sockets[name]!.close();
  });

  it("lets a socket follow a bulk job's stream only when its user sees every project the job touches", async () => {
    const start = async (deviceIds: string[]) => {
      const started = await h.api('/v1/bulk-actions', post('admin', { action: 'switchOn', deviceIds }));
      expect(started.status).toBe(202);
      return started.body.id as string;
    };
    const across = await start([devices.A.id, devices.B.id]);
    const inA = await start([devices.A.id]);
    const sockets: FarolaClient[] = [];
    const heard = new Map<Name, string[]>();
    for (const name of everyone) {
      const person = PEOPLE[name]!;
      const socket = await h.socket({ token: tokens[name]! });
      const ids: string[] = [];
      socket.on('BulkJobUpdated', (batch) => ids.push(...[batch].flat().map((job) => job.id)));
      sockets.push(socket);
      heard.set(name, ids);
      for (const [id, keys] of [
        [across, both],
        [inA, ['A']],
      ] as const) {
        const answer = await new Promise<SubscribeAck>((resolve) =>
          socket.emit('subscribe', { jobIds: [id] }, resolve),
        );
        const allowed = keys.every((key) => sees(person, devices[key].project));
        // A job the user may not see is not found, as the API answers for it.
        expect(answer, `${name} / ${keys.join('+')}`).toEqual(
          allowed
            ? { ok: true, streams: { [`job:${id}`]: 0 } }
            : expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'BULK_JOB_NOT_FOUND' }) }),
        );
      }
    }
    // A cancel changes the counts, which then go out.
    for (const id of [across, inA]) {
      expect((await h.api(`/v1/bulk-actions/${id}/cancel`, post('admin', {}))).status).toBe(200);
    }
    const admin = heard.get('admin')!;
    await expect.poll(() => admin.includes(across) && admin.includes(inA)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const [name, ids] of heard) {
      const person = PEOPLE[name]!;
      expect(ids.includes(across), `${name} / both`).toBe(both.every((key) => sees(person, devices[key].project)));
      expect(ids.includes(inA), `${name} / A`).toBe(sees(person, devices.A.project));
    }
    for (const socket of sockets) socket.close();
  });

  it("brings a user's open socket in line when a permission is granted or withdrawn, without a reconnect", async () => {
    const person = PEOPLE.noRole!;
    const socket = await h.socket({ token: tokens.noRole! });
    expect(Object.keys(socket.session.streams)).not.toContain(`fleet:${B}`);
    let disconnected = false;
    socket.once('disconnect', () => (disconnected = true));
    const access = new Promise<{ projectIds: string[]; streams: Record<string, number> }>((resolve) =>
      socket.once('access', resolve),
    );
    const granted = await h.api(`/v1/users/${person.id}/permissions`, post('admin', { projectId: B, role: 'user' }));
    expect(granted.status).toBe(200);
    expect(await access).toMatchObject({ projectIds: expect.arrayContaining([A, B]) });

    const fromB = collect(socket, 'FleetStateUpdated', (event) => event.deviceId === devices.B.id);
    await h.publish(devices.B.serial, 'connection', { connected: true, ts: new Date().toISOString() });
    await expect.poll(() => fromB.length).toBe(1);

    const withdrawn = new Promise((resolve) => socket.once('access', resolve));
    const revoked = await h.api(`/v1/users/${person.id}/permissions?projectId=${B}`, as('admin', { method: 'DELETE' }));
    expect(revoked.status).toBe(200);
    expect(await withdrawn).toMatchObject({ projectIds: expect.not.arrayContaining([B]) });
    const fromA = collect(socket, 'FleetStateUpdated', (event) => event.deviceId === devices.A.id);
    await h.publish(devices.B.serial, 'connection', { connected: false, ts: new Date().toISOString() });
    await h.publish(devices.A.serial, 'connection', { connected: true, ts: new Date().toISOString() });
    await expect.poll(() => fromA.length).toBe(1);
    expect(fromB).toHaveLength(1);
    expect(disconnected).toBe(false);
    socket.close();
  });
});

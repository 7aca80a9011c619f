import { DEMO_PROJECT_ID, type QueuedRequest } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { openTestStorage, type TestStorage } from '../../testing/storage';
import type { DeviceIndexEntry } from '../devices/device.repository';
import { GroupedUpdates } from './grouped-updates';

describe('GroupedUpdates', () => {
  let db: Database;
  let repositories: TestStorage['repositories'];
  let devices: DeviceIndexEntry[];
  beforeAll(async () => {
    ({ db, repositories } = await openTestStorage());
    devices = [];
    for (let i = 0; i < 3; i += 1) {
      devices.push(
        await repositories.devices.register(
          `GROUPED-${i}`,
          { deviceType: 'light-point-controller', vendor: 'orion' },
          DEMO_PROJECT_ID,
          { connected: true, ts: new Date().toISOString() },
        ),
      );
    }
  });
  afterAll(async () => {
    await db.close();
  });

  const queue = (command: 'switchOff' | 'setConfiguration' = 'switchOff', params: Record<string, unknown> = {}) =>
    repositories.requests.insertMany(
      devices.map((device) => ({
        deviceId: device.id,
        projectId: device.projectId,
        command,
        params,
        status: 'IN_PROGRESS' as const,
        progress: 0,
        attempt: 1,
        error: null,
        detail: null,
        waitingForDevice: false,
        waitMs: 60_000,
        requestedBy: 'tester',
        finishedAt: null,
      })),
    );

  /** Grouped updates on the real repository, recording the size of each statement. */
  function grouped() {
    const statements: number[] = [];
    const updates = new GroupedUpdates((requests) => {
      statements.push(requests.length);
      return repositories.requests.updateMany(requests);
    });
    return { updates, statements };
  }

  it('writes the answers that arrive together in one statement, each stored as given', async () => {
    const requests = await queue();
    const { updates, statements } = grouped();
    const finishedAt = new Date().toISOString();
    const stored = await Promise.all(
      requests.map((request, i) =>
        i === 0
          ? updates.update({
              ...request,
              status: 'ERROR',
              error: { code: 'REQUEST_TIMED_OUT', message: 'Request timed out' },
              finishedAt,
            })
          : updates.update({ ...request, status: 'DONE', progress: 100, finishedAt }),
      ),
    );
    expect(statements).toEqual([3]);
    expect(stored.map((request) => request.status)).toEqual(['ERROR', 'DONE', 'DONE']);
    const reread = await Promise.all(
      requests.map((request) => repositories.requests.get(request.id, [DEMO_PROJECT_ID])),
    );
    expect(reread[0]).toMatchObject({
      status: 'ERROR',
      error: { code: 'REQUEST_TIMED_OUT', message: 'Request timed out' },
      finishedAt,
      detail: null,
    });
    expect(reread[1]).toMatchObject({ status: 'DONE', progress: 100, finishedAt, error: null });
    expect(Date.parse(reread[1]!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(requests[1]!.updatedAt));
  });

  it('applies two changes to one request in order, in separate statements', async () => {
    const [request] = await queue();
    const { updates, statements } = grouped();
    const progressed = updates.update({ ...request!, progress: 60 });
    const done = updates.update({ ...request!, status: 'DONE', progress: 100, finishedAt: new Date().toISOString() });
    expect((await progressed).progress).toBe(60);
    expect((await done).status).toBe('DONE');
    expect(statements).toEqual([1, 1]);
    expect(await repositories.requests.get(request!.id, [DEMO_PROJECT_ID])).toMatchObject({
      status: 'DONE',
      progress: 100,
    });
  });

  it('fails only the change of a request that is no longer stored', async () => {
    const [request, other] = await queue();
    const { updates } = grouped();
    const gone: QueuedRequest = { ...request!, id: '00000000-0000-4000-8000-000000000000' };
    const [missing, stored] = await Promise.allSettled([
      updates.update({ ...gone, progress: 10 }),
      updates.update({ ...other!, progress: 10 }),
    ]);
    expect(missing.status).toBe('rejected');
    expect(stored).toMatchObject({ status: 'fulfilled', value: { id: other!.id, progress: 10 } });
  });

  it('drops the clear secret once a request ends, as a single update does', async () => {
    const params = { parameters: { mobile: { apn: 'farola', password: 'hunter2' } } };
    const [request] = await queue('setConfiguration', params);
    expect(request!.params).not.toEqual(params);
    const { updates } = grouped();
    await updates.update({ ...request!, progress: 50 });
    const kept = await db.query<{ delivery_params: unknown }>(
      'SELECT delivery_params FROM queued_requests WHERE id = $1',
      [request!.id],
    );
    expect(kept[0]!.delivery_params).toEqual(params);
    await updates.update({ ...request!, status: 'DONE', progress: 100, finishedAt: new Date().toISOString() });
    const dropped = await db.query<{ delivery_params: unknown }>(
      'SELECT delivery_params FROM queued_requests WHERE id = $1',
      [request!.id],
    );
    expect(dropped[0]!.delivery_params).toBeNull();
  });
});

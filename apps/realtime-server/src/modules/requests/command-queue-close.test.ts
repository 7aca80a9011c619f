import { DEMO_PROJECT_ID, type DownMessage, type QueuedRequest } from '@farola/protocol';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { httpStatus } from '../../http/error-status';
import type { DomainError } from '../../platform/domain-error';
import { DeviceEventPublisher } from '../../realtime/device-events';
import { openTestStorage, type TestStorage } from '../../testing/storage';
import { DeviceIndex } from '../devices/device-index';
import type { DeviceIndexEntry } from '../devices/device.repository';
import { WriteBehind } from '../devices/write-behind';
import { CommandQueue } from './command-queue';
import type { RequestRepository } from './request.repository';

const ATTEMPT_TIMEOUT_MS = 40;

describe('CommandQueue.close', () => {
  let db: Database;
  let device: DeviceIndexEntry;
  let writer: WriteBehind;
  let repositories: TestStorage['repositories'];
  beforeAll(async () => {
    ({ db, repositories } = await openTestStorage());
    const { devices, events } = repositories;
    device = await devices.register(
      'CQ-CLOSE-1',
      { deviceType: 'light-point-controller', vendor: 'orion' },
      DEMO_PROJECT_ID,
      { connected: true, ts: new Date().toISOString() },
    );
    writer = new WriteBehind({ devices, events }, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await writer.close();
    await db.close();
  });

  /** A queue on the real repository whose updates wait while `hold` is set. */
  function queueWithHeldUpdates() {
    const repository = repositories.requests;
    const held = { hold: null as Promise<void> | null, updates: 0 };
    const requests = Object.create(repository) as RequestRepository;
    requests.updateMany = async (batch: readonly QueuedRequest[]) => {
      held.updates += batch.length;
      if (held.hold) await held.hold;
      return repository.updateMany(batch);
    };
    const published: DownMessage[] = [];
    const queue = new CommandQueue({
      requests,
      index: new DeviceIndex([device]),
      events: new DeviceEventPublisher({ publish: () => undefined }, writer, () => undefined),
      publish: async (_serial, message) => {
        published.push(message);
      },
      logger: pino({ level: 'silent' }),
      attemptTimeoutMs: ATTEMPT_TIMEOUT_MS,
      maxAttempts: 5,
      waitMs: () => 60_000,
    });
    return { queue, repository, held, published };
  }

  it('starts no timer and sends nothing once closed, even for an answer applied while closing', async () => {
    const { queue, repository, held, published } = queueWithHeldUpdates();
    const request = await queue.submit(device, { command: 'switchOn', params: {} }, 'tester');
    let release = () => undefined as void;
    held.hold = new Promise<void>((resolve) => (release = resolve));
    const answering = queue.onDeviceAnswer(device, { requestId: request.id, status: 'IN_PROGRESS', progress: 30 });
    await expect.poll(() => held.updates).toBe(1);

    const closing = queue.close();
    release();
    await closing;
    await answering;
    const sent = published.length;
    await new Promise((resolve) => setTimeout(resolve, ATTEMPT_TIMEOUT_MS * 5));

    expect(published).toHaveLength(sent);
    expect(held.updates).toBe(1);
    expect(await repository.get(request.id, [DEMO_PROJECT_ID])).toMatchObject({
      status: 'IN_PROGRESS',
      progress: 30,
      attempt: 1,
    });
  });

  it('refuses a command submitted after close as service unavailable', async () => {
    const { queue, published } = queueWithHeldUpdates();
    await queue.close();
    const refused = queue.submit(device, { command: 'switchOn', params: {} }, 'tester');
    await expect(refused).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' } satisfies Partial<DomainError>);
    expect(httpStatus('SERVICE_UNAVAILABLE')).toBe(503);
    expect(published).toHaveLength(0);
  });
});

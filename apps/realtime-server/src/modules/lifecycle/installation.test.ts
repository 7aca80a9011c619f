import type { QueuedRequest } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, type FarolaClient, type Harness, nextEvent, startHarness, uniqueSerial } from '../../testing/harness';

/** Today as an installation date: 00:00 UTC. */
const today = () => `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;

describe('installation follow-up', () => {
  let h: Harness;
  let socket: FarolaClient;
  beforeAll(async () => {
    h = await startHarness();
    socket = await h.socket();
  });
  afterAll(async () => {
    await h?.close();
  });

  const lifecycle = (id: string, action: string) =>
    h.api(`/v1/devices/${id}/lifecycle`, { method: 'POST', body: JSON.stringify({ action }) });
  const device = async (id: string) => (await h.api(`/v1/devices/${id}`)).body;
  const installRequests = async (id: string): Promise<QueuedRequest[]> =>
    (await h.api(`/v1/queued-requests?deviceId=${id}&command=install`)).body.items;

  /** A registered device sent to installation (through revision, as one in operation must go); its install request. */
  async function installing(deviceType = 'light-point-controller') {
    const serial = uniqueSerial('INST');
    const id = await h.register(serial, { deviceType: deviceType as 'light-point-controller' });
    expect((await lifecycle(id, 'sendToRevision')).status).toBe(200);
    expect((await lifecycle(id, 'sendToInstallation')).status).toBe(200);
    const [request] = await installRequests(id);
    if (!request) throw new Error('no install request');
    return { serial, id, request };
  }

  const fail = (serial: string, requestId: string, reason: string) =>
    h.publish(serial, 'commands', {
      requestId,
      status: 'ERROR',
      progress: 14,
      error: { code: 'NOT_ACCEPTABLE', reason },
      detail: { step: 'powerTest', attempt: 1 },
    });

  it('records why an installation failed on the device, which stays in installation, and pushes it', async () => {
    const { serial, id, request } = await installing();
    const pushed = nextEvent(
      socket,
      'DeviceLifecycleChanged',
      (e) => e.deviceId === id && e.cause === 'installationFailed',
    );
    await fail(serial, request.id, 'INSTALLATION_MIN_POWER_NOT_REACHED');

    const { payload } = await pushed;
    expect(payload).toMatchObject({
      from: 'installation',
      to: 'installation',
      changedBy: null,
      installationFailure: { code: 'INSTALLATION_MIN_POWER_NOT_REACHED' },
    });
    expect(await device(id)).toMatchObject({
      status: 'installation',
      installationFailure: { code: 'INSTALLATION_MIN_POWER_NOT_REACHED', at: payload.installationFailure!.at },
    });
    // The lists carry it too.
    const listed = (await h.api(`/v1/devices?q=${serial}`)).body.items[0];
    expect(listed.installationFailure.code).toBe('INSTALLATION_MIN_POWER_NOT_REACHED');
  });

  it('retries a failed installation with a new install request, and only a failed one', async () => {
    const { serial, id, request } = await installing();
    // Nothing failed yet: there is nothing to retry.
    const early = await lifecycle(id, 'retryInstallation');
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('INVALID_LIFECYCLE_TRANSITION');

    await fail(serial, request.id, 'INSTALLATION_MAX_ATTEMPTS_REACHED');
    await expect
      .poll(async () => (await device(id)).installationFailure?.code)
      .toBe('INSTALLATION_MAX_ATTEMPTS_REACHED');
    const retried = await lifecycle(id, 'retryInstallation');
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'installation', installationFailure: null });
    const [latest, previous] = await installRequests(id);
    expect(previous?.id).toBe(request.id);
    expect(latest).toMatchObject({ status: 'IN_PROGRESS', command: 'install' });

    // The new installation ends DONE: in operation, dated today, the failure gone.
    const installed = nextEvent(socket, 'DeviceLifecycleChanged', (e) => e.deviceId === id && e.cause === 'installed');
    await h.publish(serial, 'commands', { requestId: latest!.id, status: 'DONE', progress: 100 });
    const { payload } = await installed;
    expect(payload).toMatchObject({ from: 'installation', to: 'ready', installationFailure: null });
    expect(payload.installationDate).toBe(today());
    expect(await device(id)).toMatchObject({
      status: 'ready',
      installationFailure: null,
      installationDate: payload.installationDate,
    });
  });

  it('a request that times out or is cancelled fails the installation as well', async () => {
    const { id, request } = await installing('cabinet-controller');
    const cancelled = await h.api(`/v1/queued-requests/${request.id}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    await expect.poll(async () => (await device(id)).installationFailure?.code).toBe('REQUEST_CANCELED');
  });

  it('sends a failed device, or one still installing, to revision: its installation stops and the failure goes', async () => {
    const failed = await installing();
    await fail(failed.serial, failed.request.id, 'INSTALLATION_ERROR');
    await expect.poll(async () => (await device(failed.id)).installationFailure?.code).toBe('INSTALLATION_ERROR');
    const out = await lifecycle(failed.id, 'sendToRevision');
    expect(out.body).toMatchObject({ status: 'revision', installationFailure: null });

    const running = await installing();
    const events = collect(socket, 'DeviceLifecycleChanged', (e) => e.deviceId === running.id);
    expect((await lifecycle(running.id, 'sendToRevision')).body.status).toBe('revision');
    await expect.poll(async () => (await installRequests(running.id))[0]?.status).toBe('CANCELLED');
    // The cancellation is not taken for a failure of a device no longer in installation.
    expect((await device(running.id)).installationFailure).toBeNull();
    // Events pushed before `collect` began may arrive in a batch after it (the move to revision that
    // `installing` made first); the move out of installation is the test's.
    await expect.poll(() => events.filter((e) => e.from === 'installation' && e.to === 'revision').length).toBe(1);
    expect(events.some((e) => e.cause === 'installationFailed')).toBe(false);
  });

  it("sets the day a completed reset installation chose as the device's installation date", async () => {
    const serial = uniqueSerial('RESET');
    const id = await h.register(serial, { deviceType: 'cabinet-controller' });
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { timezone: 'Europe/Madrid' } });
    const registered = (await device(id)).installationDate;
    const reset = await h.api(`/v1/devices/${id}/commands`, {
      method: 'POST',
      body: JSON.stringify({ command: 'resetInstallation', params: { installationDate: '2026-03-01' } }),
    });
    expect(reset.status).toBe(202);
    // Not before the device has done it.
    expect((await device(id)).installationDate).toBe(registered);

    const pushed = nextEvent(
      socket,
      'DeviceLifecycleChanged',
      (e) => e.deviceId === id && e.cause === 'installationReset',
    );
    await h.publish(serial, 'commands', { requestId: reset.body.id, status: 'DONE', progress: 100 });
    // A calendar day, as 00:00 UTC: 1 March wherever it is read (the device itself is in Madrid).
    expect((await pushed).payload).toMatchObject({
      from: 'ready',
      to: 'ready',
      changedBy: 'demo',
      installationDate: '2026-03-01T00:00:00.000Z',
    });
    expect((await device(id)).installationDate).toBe('2026-03-01T00:00:00.000Z');
  });

  it('sets the chosen day on every cabinet a bulk reset installation reaches, as each completes it', async () => {
    const serials = [uniqueSerial('BULKRESET'), uniqueSerial('BULKRESET')];
    const ids = [];
    for (const serial of serials) ids.push(await h.register(serial, { deviceType: 'cabinet-controller' }));
    const job = await h.api('/v1/bulk-actions', {
      method: 'POST',
      body: JSON.stringify({
        action: 'resetInstallation',
        params: { installationDate: '2026-02-14' },
        deviceIds: ids,
        consequencesAccepted: true,
      }),
    });
    expect(job.status).toBe(202);
    for (const [i, id] of ids.entries()) {
      let request: QueuedRequest | undefined;
      await expect
        .poll(async () => {
          request = (await h.api(`/v1/queued-requests?deviceId=${id}&command=resetInstallation`)).body.items[0];
          return request?.status;
        })
        .toBe('IN_PROGRESS');
      await h.publish(serials[i]!, 'commands', { requestId: request!.id, status: 'DONE', progress: 100 });
    }
    for (const id of ids) {
      await expect.poll(async () => (await device(id)).installationDate).toBe('2026-02-14T00:00:00.000Z');
    }
  });

  it('dates a device that registers and goes into operation: the day it reports, else the day it registered', async () => {
    const plain = await h.register(uniqueSerial('DATE'));
    expect((await device(plain)).installationDate).toBe(today());
    const reported = await h.register(uniqueSerial('DATE'), { installationDate: '2019-05-07' });
    expect((await device(reported)).installationDate).toBe('2019-05-07T00:00:00.000Z');
    // Provisioned and never heard from: not installed, no date.
    const stock = await h.provision(uniqueSerial('DATE'));
    expect((await device(stock)).installationDate).toBeNull();
  });
});

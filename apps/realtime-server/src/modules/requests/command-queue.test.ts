import { randomUUID } from 'node:crypto';
import { type DownMessage, topics } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, nextEvent, startHarness, uniqueSerial } from '../../testing/harness';

describe('commands and queued requests', () => {
  let h: Harness;
  const downs: DownMessage[] = [];
  beforeAll(async () => {
    h = await startHarness({ COMMAND_ATTEMPT_TIMEOUT_MS: '400', COMMAND_MAX_ATTEMPTS: '2' });
    // The harness gateway subscribes to the commands of each device it registers.
    h.device.on('message', (topic, payload) => {
      if (topic.endsWith('/down/commands')) downs.push(JSON.parse(payload.toString()) as DownMessage);
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const command = (id: string, body: unknown) =>
    h.api(`/v1/devices/${id}/commands`, { method: 'POST', body: JSON.stringify(body) });

  it('refuses an unknown command with the failing field', async () => {
    const id = await h.register(uniqueSerial('CMD'));
    const { status, body } = await command(id, { command: 'selfDestruct' });
    expect(status).toBe(400);
    expect(body.error.code).toBe('UNABLE_TO_EXECUTE_COMMAND');
    expect(body.error.details).toEqual([expect.objectContaining({ path: 'command' })]);
    const badParams = await command(id, { command: 'blink', params: { count: 99, cycleSeconds: 2 } });
    expect(badParams.body.error.details).toEqual([
      expect.objectContaining({ path: 'params.count', rule: 'max', limit: 10 }),
    ]);
  });

  it("answers 'Device not found' for an unknown device and 'Invalid ID supplied' for a bad id", async () => {
    const unknown = await command(randomUUID(), { command: 'reboot' });
    expect(unknown).toEqual({
      status: 404,
      body: { error: { code: 'DEVICE_NOT_FOUND', message: 'Device not found' } },
    });
    expect((await h.api(`/v1/devices/${randomUUID()}`)).body.error.message).toBe('Device not found');
    expect((await h.api('/v1/devices/not-a-uuid')).body.error.code).toBe('INVALID_ID');
  });

  it("refuses a command the device's family lacks before queueing it, and the device hears nothing", async () => {
    const serial = uniqueSerial('VEGA');
    const id = await h.register(serial, { vendor: 'vega' });
    const before = (await h.api(`/v1/queued-requests?deviceId=${id}`)).body.total;
    const heard = downs.length;
    const refused = await command(id, { command: 'dimmingCheck' });
    expect(refused).toEqual({
      status: 405,
      body: {
        error: {
          code: 'UNABLE_TO_EXECUTE_COMMAND_METHOD_NOT_ALLOWED',
          message: 'Unable to execute command METHOD_NOT_ALLOWED',
        },
      },
    });
    expect((await h.api(`/v1/queued-requests?deviceId=${id}`)).body.total).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(downs.slice(heard).filter((down) => 'command' in down && down.command === 'dimmingCheck')).toEqual([]);
  });

  it("refuses a fixed schedule longer than the cabinet's family holds before queueing it, and queues one that fits", async () => {
    const serial = uniqueSerial('VEGACAB');
    const id = await h.register(serial, { vendor: 'vega', deviceType: 'cabinet-controller' });
    const heard = downs.length;
    const rules = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        time: `${String(i * 4).padStart(2, '0')}:00`,
        dimming: i % 2 ? 100 : 0,
      }));
    const refused = await command(id, { command: 'createCalendar', params: { rules: rules(5), output: 1 } });
    expect(refused).toEqual({
      status: 422,
      body: {
        error: {
          code: 'FIXED_SCHEDULE_TOO_MANY_RULES',
          message: 'Up to 4 rules for this vendor family',
          details: { limit: 4 },
        },
      },
    });
    expect((await h.api(`/v1/queued-requests?deviceId=${id}`)).body.total).toBe(0);
    const accepted = await command(id, { command: 'createCalendar', params: { rules: rules(4), output: 1 } });
    expect(accepted.status).toBe(202);
    await expect.poll(() => downs.slice(heard).map((down) => down.requestId)).toEqual([accepted.body.id]);
  });

  it('refuses every command to a device that reported its remote management off, until it reports it on', async () => {
    const serial = uniqueSerial('REMOTE');
    const id = await h.register(serial);
    const report = (enabled: boolean) =>
      h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { remoteManagementEnabled: enabled } });
    await report(false);
    await expect
      .poll(async () => (await command(id, { command: 'switchOn' })).body, { timeout: 5000 })
      .toMatchObject({ error: { code: 'REMOTE_MANAGEMENT_DISABLED', message: 'Remote management disabled' } });
    expect((await command(id, { command: 'switchOn' })).status).toBe(409);
    await report(true);
    await expect.poll(async () => (await command(id, { command: 'switchOn' })).status, { timeout: 5000 }).toBe(202);
  });

  it('refuses a firmware change or a reset of a disconnected device, and still queues a switch for it', async () => {
    const serial = uniqueSerial('OFFLINE');
    const id = await h.register(serial);
    await h.publish(serial, 'connection', { connected: false, ts: new Date().toISOString() });
    await expect.poll(async () => (await h.api(`/v1/devices/${id}`)).body.connected).toBe(false);
    const upgrade = await command(id, { command: 'upgrade' });
    expect(upgrade).toMatchObject({ status: 409, body: { error: { code: 'DEVICE_NOT_CONNECTED_TO_UPDATE' } } });
    for (const reset of ['reboot', 'factoryReset']) {
      const answer = await command(id, { command: reset });
      expect(answer).toMatchObject({
        status: 409,
        body: { error: { code: 'DEVICE_NOT_CONNECTED_TO_RESET', message: 'Device not connected to reset' } },
      });
    }
    expect((await h.api(`/v1/queued-requests?deviceId=${id}`)).body.total).toBe(0);
    // A switch waits for the device (and is retried), as before.
    expect((await command(id, { command: 'switchOff' })).status).toBe(202);
  });

  it('answers a malformed JSON body with VALIDATION_FAILED', async () => {
    const id = await h.register(uniqueSerial('JSON'));
    const { status, body } = await h.api(`/v1/devices/${id}/commands`, { method: 'POST', body: '{"command":' });
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
  });

  it('follows a command the device answers in progress then done', async () => {
    const serial = uniqueSerial('DONE');
    const id = await h.register(serial);
    const socket = await h.socket();
    const done = nextEvent(socket, 'DeviceCommandRequested', (e) => e.deviceId === id && e.request.status === 'DONE');
    const accepted = await command(id, { command: 'switchOff' });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({
      deviceId: id,
      command: 'switchOff',
      status: 'IN_PROGRESS',
      progress: 0,
      attempt: 1,
    });
    const requestId = accepted.body.id as string;
    await expect.poll(() => downs.some((down) => down.requestId === requestId)).toBe(true);
    await h.publish(serial, 'commands', { requestId, status: 'IN_PROGRESS', progress: 40 });
    await h.publish(serial, 'commands', { requestId, status: 'DONE', progress: 90 });
    const { payload } = await done;
    expect(payload.request).toMatchObject({ status: 'DONE', progress: 100, error: null });
    expect(payload.request.finishedAt).not.toBeNull();
    expect((await h.api(`/v1/queued-requests/${requestId}`)).body).toMatchObject({ status: 'DONE', progress: 100 });
    await expect
      .poll(async () => (await h.api(`/v1/devices/${id}/events?type=DeviceCommandRequested`)).body.items.length)
      .toBe(3);
    const events = (await h.api(`/v1/devices/${id}/events?type=DeviceCommandRequested`)).body.items;
    expect(
      events.map((e: { payload: { request: { status: string; progress: number } } }) => e.payload.request.progress),
    ).toEqual([100, 40, 0]);
  });

  it('reports a device error with its catalogue code', async () => {
    const serial = uniqueSerial('ERR');
    const id = await h.register(serial);
    const { body } = await command(id, { command: 'dimmingCheck' });
    await h.publish(serial, 'commands', {
      requestId: body.id,
      status: 'ERROR',
      progress: 0,
      error: { code: 'METHOD_NOT_ALLOWED' },
    });
    await expect
      .poll(async () => (await h.api(`/v1/queued-requests/${body.id}`)).body.error)
      .toEqual({
        code: 'DEVICE_ERROR_METHOD_NOT_ALLOWED',
        message: 'Device reports an error METHOD_NOT_ALLOWED',
      });
  });

  it("stores a GPS reading the device could not take as 'No GPS signal', and other NOT_FOUNDs as the device's", async () => {
    const serial = uniqueSerial('GPS');
    const id = await h.register(serial);
    const fail = (requestId: string, message: string) =>
      h.publish(serial, 'commands', {
        requestId,
        status: 'ERROR',
        progress: 10,
        error: { code: 'NOT_FOUND', message },
      });
    const reading = (await command(id, { command: 'readLocation' })).body;
    await fail(reading.id, 'readLocation failed: resource not found on the device');
    await expect
      .poll(async () => (await h.api(`/v1/queued-requests/${reading.id}`)).body.error)
      .toEqual({ code: 'NO_GPS_SIGNAL', message: 'No GPS signal' });
    const check = (await command(id, { command: 'dimmingCheck' })).body;
    await fail(check.id, 'no driver');
    await expect
      .poll(async () => (await h.api(`/v1/queued-requests/${check.id}`)).body.error)
      .toEqual({ code: 'DEVICE_ERROR_NOT_FOUND', message: 'no driver' });
  });

  it('keeps what the device says a done switch-on could not change: no mains on its circuit', async () => {
    const serial = uniqueSerial('MAINS');
    const id = await h.register(serial);
    const { body } = await command(id, { command: 'switchOn' });
    await h.publish(serial, 'commands', {
      requestId: body.id,
      status: 'DONE',
      progress: 100,
      detail: { mains: false },
    });
    await expect
      .poll(async () => (await h.api(`/v1/queued-requests/${body.id}`)).body)
      .toMatchObject({ status: 'DONE', detail: { mains: false } });
  });

  it("retries an unanswered command, then ends it with 'Request timed out'", async () => {
    const serial = uniqueSerial('SILENT');
    const id = await h.register(serial);
    const { body } = await command(id, { command: 'reboot' });
    await expect
      .poll(async () => (await h.api(`/v1/queued-requests/${body.id}`)).body.status, { timeout: 5000 })
      .toBe('ERROR');
    const finished = (await h.api(`/v1/queued-requests/${body.id}`)).body;
    expect(finished).toMatchObject({ attempt: 2, error: { code: 'REQUEST_TIMED_OUT', message: 'Request timed out' } });
    expect(downs.filter((down) => down.requestId === body.id).map((down) => 'attempt' in down && down.attempt)).toEqual(
      [1, 2],
    );
  });

  it('cancels a request in progress, tells the device to stop, and ignores the device afterwards', async () => {
    const serial = uniqueSerial('CANCEL');
    const id = await h.register(serial);
    const { body } = await command(id, { command: 'blink', params: { count: 3, cycleSeconds: 2 } });
    const cancelled = await h.api(`/v1/queued-requests/${body.id}/cancel`, { method: 'POST' });
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'CANCELLED' } });
    await expect
      .poll(() => downs.filter((down) => down.requestId === body.id && 'cancel' in down))
      .toEqual([{ requestId: body.id, cancel: true, ts: expect.any(String) }]);
    const again = await h.api(`/v1/queued-requests/${body.id}/cancel`, { method: 'POST' });
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'QUEUED_COMMAND_FINISHED' } } });
    await h.publish(serial, 'commands', { requestId: body.id, status: 'DONE', progress: 100 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await h.api(`/v1/queued-requests/${body.id}`)).body.status).toBe('CANCELLED');
    const missing = await h.api(`/v1/queued-requests/${randomUUID()}/cancel`, { method: 'POST' });
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 'QUEUED_COMMAND_NOT_FOUND' } } });
  });

  it('keeps the installation step and attempt the device reports, and ends with the catalogue reason', async () => {
    const serial = uniqueSerial('INSTALL');
    const id = await h.register(serial);
    const { body } = await command(id, { command: 'install', params: { maxAttempts: 2 } });
    await h.publish(serial, 'commands', {
      requestId: body.id,
      status: 'IN_PROGRESS',
      progress: 14,
      detail: { step: 'powerTest', attempt: 2, failure: 'INSTALLATION_ERROR' },
    });
    await expect
      .poll(async () => (await h.api(`/v1/queued-requests/${body.id}`)).body.detail)
      .toEqual({ step: 'powerTest', attempt: 2, failure: 'INSTALLATION_ERROR' });
    await h.publish(serial, 'commands', {
      requestId: body.id,
      status: 'ERROR',
      progress: 14,
      error: { code: 'NOT_ACCEPTABLE', message: 'no power', reason: 'INSTALLATION_MIN_POWER_NOT_REACHED' },
    });
    await expect.poll(async () => (await h.api(`/v1/queued-requests/${body.id}`)).body.status).toBe('ERROR');
    expect((await h.api(`/v1/queued-requests/${body.id}`)).body).toMatchObject({
      error: { code: 'INSTALLATION_MIN_POWER_NOT_REACHED', message: 'Min power not reached' },
      detail: { step: 'powerTest', attempt: 2 },
    });
  });

  it('counts an answer for an unknown request as rejected', async () => {
    const serial = uniqueSerial('UNK');
    await h.register(serial);
    const before = (await h.api('/health')).body.mqtt.rejected;
    await h.device.publishAsync(
      topics.up(serial, 'commands'),
      JSON.stringify({ requestId: randomUUID(), status: 'DONE', progress: 100 }),
      { qos: 1 },
    );
    await expect.poll(async () => (await h.api('/health')).body.mqtt.rejected).toBe(before + 1);
  });

  it('lists queued requests newest first, filtered by device', async () => {
    const id = await h.register(uniqueSerial('LIST'));
    const first = (await command(id, { command: 'switchOn' })).body;
    const second = (await command(id, { command: 'switchOff' })).body;
    const { body } = await h.api(`/v1/queued-requests?deviceId=${id}&limit=1`);
    expect(body.total).toBe(2);
    expect(body.items[0].id).toBe(second.id);
    const next = await h.api(`/v1/queued-requests?deviceId=${id}&limit=1&cursor=${body.nextCursor}`);
    expect(next.body.items[0].id).toBe(first.id);
    expect(next.body.nextCursor).toBeNull();
  });
});

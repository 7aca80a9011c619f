import { randomUUID } from 'node:crypto';
import type { LogRecord } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';

const HOUR = 3_600_000;
const BASE = Date.parse('2026-01-14T00:00:00Z');
const hour = (i: number) => new Date(BASE + i * HOUR).toISOString();
const record = (i: number, energy = 0.05): LogRecord => ({
  hour: hour(i),
  energy,
  operatingHours: 1,
  onShare: 1,
  dimming: 70,
});
const records = (from: number, to: number, energy?: number) =>
  Array.from({ length: to - from }, (_, i) => record(from + i, energy));

describe('logged data uploaded by devices', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const health = async () => (await h.api('/health')).body;

  /** Asks the device for the hours of [from, to) and answers the queued request's id. */
  async function askUpload(deviceId: string, from: number, to: number): Promise<string> {
    const params = { from: hour(from), to: hour(to) };
    const answer = await h.api(`/v1/devices/${deviceId}/commands`, {
      method: 'POST',
      body: JSON.stringify({ command: 'uploadLog', params }),
    });
    expect(answer.status).toBe(202);
    return answer.body.id as string;
  }

  /** Every record of the device's history, read `limit` at a time by following the cursors. */
  async function readAll(deviceId: string, limit: number, filter = ''): Promise<{ items: LogRecord[]; pages: number }> {
    const items: LogRecord[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const answer = await h.api(`/v1/devices/${deviceId}/history?limit=${limit}${filter}${after}`);
      expect(answer.status).toBe(200);
      expect(answer.body.items.length).toBeLessThanOrEqual(limit);
      items.push(...answer.body.items);
      cursor = answer.body.nextCursor;
      pages += 1;
    } while (cursor);
    return { items, pages };
  }

  it('stores pages that come out of order and twice, ends the request DONE when the device says so, and reads them back in pages', async () => {
    const serial = uniqueSerial('LOG');
    const id = await h.register(serial);
    const requestId = await askUpload(id, 0, 48);
    const before = (await health()).logs;
    await h.publish(serial, 'logs', { requestId, page: 2, pages: 2, records: records(24, 48) });
    await h.publish(serial, 'logs', { requestId, page: 1, pages: 2, records: records(0, 24) });
    await h.publish(serial, 'logs', { requestId, page: 1, pages: 2, records: records(0, 24) });
    await h.publish(serial, 'commands', { requestId, status: 'DONE', progress: 100 });
    await expect.poll(async () => (await h.api(`/v1/queued-requests/${requestId}`)).body.status).toBe('DONE');

    const { items, pages } = await readAll(id, 10);
    expect(pages).toBe(5);
    expect(items).toEqual(records(0, 48));
    expect((await h.api(`/v1/devices/${id}/history?limit=1`)).body.total).toBe(48);
    expect((await health()).logs).toEqual({
      pages: before.pages + 3,
      records: before.records + 72,
      rejected: before.rejected,
    });
  });

  it('keeps one record per hour: a later upload of the same hours replaces them', async () => {
    const serial = uniqueSerial('LOG');
    const id = await h.register(serial, { deviceType: 'cabinet-controller' });
    const cabinetRecord = (i: number, energy: number): LogRecord => ({
      hour: hour(i),
      energy,
      operatingHours: 1,
      onShare: 0,
      outputs: [
        { index: 1, energy: energy / 2, onShare: 0 },
        { index: 2, energy: energy / 2 - 0.008, onShare: 0 },
      ],
    });
    const first = await askUpload(id, 0, 24);
    await h.publish(serial, 'logs', {
      requestId: first,
      page: 1,
      pages: 1,
      records: Array.from({ length: 24 }, (_, i) => cabinetRecord(i, 1)),
    });
    const second = await askUpload(id, 12, 36);
    await h.publish(serial, 'logs', {
      requestId: second,
      page: 1,
      pages: 1,
      records: Array.from({ length: 24 }, (_, i) => cabinetRecord(12 + i, 2)),
    });
    await expect.poll(async () => (await h.api(`/v1/devices/${id}/history`)).body.total).toBe(36);
    const { items } = await readAll(id, 500);
    expect(items.map((item) => item.energy)).toEqual([...Array(12).fill(1), ...Array(24).fill(2)]);
    expect(items[20]).toEqual(cabinetRecord(20, 2));
  });

  it('forgets the hours before a new installation date once the device completes the reset, at midnight where it is', async () => {
    const serial = uniqueSerial('RESET');
    const id = await h.register(serial, { deviceType: 'cabinet-controller' });
    await h.publish(serial, 'attributes', { ts: new Date().toISOString(), values: { timezone: 'Europe/Madrid' } });
    const upload = await askUpload(id, 0, 48);
    await h.publish(serial, 'logs', { requestId: upload, page: 1, pages: 1, records: records(0, 48) });
    await expect.poll(async () => (await h.api(`/v1/devices/${id}/history`)).body.total).toBe(48);

    const reset = await h.api(`/v1/devices/${id}/commands`, {
      method: 'POST',
      body: JSON.stringify({ command: 'resetInstallation', params: { installationDate: '2026-01-15' } }),
    });
    expect(reset.status).toBe(202);
    // Nothing is forgotten before the device has done it.
    expect((await h.api(`/v1/devices/${id}/history`)).body.total).toBe(48);
    await h.publish(serial, 'commands', { requestId: reset.body.id, status: 'DONE', progress: 100 });
    // 00:00 on 15 January in Madrid is 23:00 UTC on the 14th: hours 23 to 47 remain.
    await expect.poll(async () => (await h.api(`/v1/devices/${id}/history`)).body.total).toBe(25);
    const { items } = await readAll(id, 500);
    expect(items[0]?.hour).toBe(hour(23));
  });

  it('reads the hours from `from` up to `to`', async () => {
    const serial = uniqueSerial('LOG');
    const id = await h.register(serial);
    const requestId = await askUpload(id, 0, 48);
    await h.publish(serial, 'logs', { requestId, page: 1, pages: 1, records: records(0, 48) });
    await expect.poll(async () => (await h.api(`/v1/devices/${id}/history`)).body.total).toBe(48);
    const { items } = await readAll(id, 7, `&from=${hour(10)}&to=${encodeURIComponent('2026-01-14T20:00:00+01:00')}`);
    expect(items.map((item) => item.hour)).toEqual(records(10, 19).map((item) => item.hour));
  });

  it('refuses bad pages, counts them, stores nothing of them and keeps serving', async () => {
    const serial = uniqueSerial('LOG');
    const id = await h.register(serial);
    const other = await h.register(uniqueSerial('LOG'));
    const requestId = await askUpload(id, 0, 24);
    const othersRequest = await askUpload(other, 0, 24);
    const switchOn = await h.api(`/v1/devices/${id}/commands`, {
      method: 'POST',
      body: JSON.stringify({ command: 'switchOn' }),
    });
    const before = await health();

    // Refused by the protocol: out of order, a page past the last, not JSON.
    await h.publish(serial, 'logs', { requestId, page: 1, pages: 1, records: [record(2), record(1)] });
    await h.publish(serial, 'logs', { requestId, page: 3, pages: 2, records: [record(1)] });
    await h.publish(serial, 'logs', '{"requestId":');
    // Refused by the history module: no such request, another device's, not an upload, outside the period.
    for (const page of [
      { requestId: randomUUID(), records: [record(1)] },
      { requestId: othersRequest, records: [record(1)] },
      { requestId: switchOn.body.id, records: [record(1)] },
      { requestId, records: [record(5), record(24)] },
    ]) {
      await h.publish(serial, 'logs', { ...page, page: 1, pages: 1 });
    }
    await expect.poll(async () => (await health()).mqtt.rejected).toBe(before.mqtt.rejected + 7);
    expect((await health()).logs).toEqual({ ...before.logs, rejected: before.logs.rejected + 4 });
    expect((await h.api(`/v1/devices/${id}/history`)).body).toEqual({ items: [], nextCursor: null, total: 0 });
    expect((await h.api(`/v1/devices/${other}/history`)).body.total).toBe(0);

    // A good page still goes in.
    await h.publish(serial, 'logs', { requestId, page: 1, pages: 1, records: records(0, 24) });
    await expect.poll(async () => (await h.api(`/v1/devices/${id}/history`)).body.total).toBe(24);
  });

  it('answers 404 for an unknown device and 400 for a forged cursor', async () => {
    expect((await h.api(`/v1/devices/${randomUUID()}/history`)).body.error.code).toBe('DEVICE_NOT_FOUND');
    const id = await h.register(uniqueSerial('LOG'));
    const forged = Buffer.from(JSON.stringify({ sort: 'hour', key: ['yesterday'] })).toString('base64url');
    expect((await h.api(`/v1/devices/${id}/history?cursor=${forged}`)).status).toBe(400);
    expect((await h.api(`/v1/devices/${id}/history?from=yesterday`)).status).toBe(400);
  });
});

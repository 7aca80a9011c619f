import { DEMO_PROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness';

const COUNT = 1500;

describe('the inventory list and its CSV export', () => {
  let h: Harness;
  let prefix: string;
  beforeAll(async () => {
    h = await startHarness();
    const gateway = await h.api('/v1/gateways', {
      method: 'POST',
      body: JSON.stringify({ gatewayId: 'INV-GW', projectId: DEMO_PROJECT_ID, name: 'Inventory' }),
    });
    prefix = 'INV-';
    const devices = Array.from({ length: COUNT }, (_, i) => ({
      serialNumber: `${prefix}${String(i).padStart(5, '0')}`,
      deviceType: i % 3 === 0 ? 'cabinet-controller' : 'light-point-controller',
      vendor: 'orion',
      projectId: DEMO_PROJECT_ID,
      name: `Street lamp ${i}`,
    }));
    const answer = await h.api(`/v1/gateways/${gateway.body.id}/devices`, {
      method: 'POST',
      body: JSON.stringify({ devices }),
    });
    expect(answer.status).toBeLessThan(300);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('pages past the second page in a stable order, every device once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query = new URLSearchParams({ q: prefix, deviceType: 'light-point-controller', limit: '400' });
      if (cursor) query.set('cursor', cursor);
      const { body } = await h.api(`/v1/devices?${query}`);
      expect(body.total).toBe(COUNT - COUNT / 3);
      seen.push(...body.items.map((device: { serialNumber: string }) => device.serialNumber));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(COUNT - COUNT / 3);
    expect(seen).toEqual([...seen].sort());
  });

  it('answers the ids of every device the filters match: the set paging the list to the end gives, once each', async () => {
    const filter = { q: prefix, deviceType: 'light-point-controller', sort: '-name' };
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ ...filter, limit: '500' });
      if (cursor) query.set('cursor', cursor);
      const { body } = await h.api(`/v1/devices?${query}`);
      paged.push(...body.items.map((device: { id: string }) => device.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(paged.length).toBe(COUNT - COUNT / 3);

    const answer = await h.api(`/v1/devices/ids?${new URLSearchParams(filter)}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: COUNT - COUNT / 3, truncated: false });
    expect(new Set(answer.body.ids).size).toBe(answer.body.ids.length);
    // The same devices, in the list's order.
    expect(answer.body.ids).toEqual(paged);

    const cabinets = await h.api(`/v1/devices/ids?q=${prefix}&deviceType=cabinet-controller`);
    expect(cabinets.body).toMatchObject({ total: COUNT / 3, truncated: false });
    expect(cabinets.body.ids.some((id: string) => paged.includes(id))).toBe(false);
  });

  it('refuses an unknown filter value on the ids as on the list', async () => {
    const answer = await h.api('/v1/devices/ids?vendor=acme');
    expect(answer.status).toBe(400);
    expect(answer.body.error.details[0].path).toBe('vendor.0');
  });

  it('narrows to the Inventory list (not installed yet) and by creation date', async () => {
    const inventory = await h.api(`/v1/devices?q=${prefix}&list=inventory&limit=1`);
    expect(inventory.body.total).toBe(COUNT);
    const maintenance = await h.api(`/v1/devices?q=${prefix}&list=maintenance`);
    expect(maintenance.body.total).toBe(0);
    const future = await h.api(`/v1/devices?q=${prefix}&createdFrom=2999-01-01`);
    expect(future.body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await h.api(`/v1/devices?q=${prefix}&createdTo=${today}&limit=1`)).body.total).toBe(COUNT);
  });

  it('exports every matching device as CSV with a header row', async () => {
    const answer = await fetch(
      `${h.server.httpUrl}/lighting/api/v1/devices/export.csv?q=${prefix}&deviceType=cabinet-controller`,
    );
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const lines = (await answer.text()).trim().split('\n');
    expect(lines[0]).toBe(
      'id,serialNumber,name,deviceType,vendor,projectId,status,disabled,reference,category,imei,ip,modelNumber,firmwareVersion,luminaireSerialNumber,luminaireType,bracketType,driver,latitude,longitude,installationDate,connected,lastConnectionAt,createdAt',
    );
    expect(lines).toHaveLength(1 + COUNT / 3);
    expect(lines[1]).toContain(`${prefix}00000,Street lamp 0,cabinet-controller,orion`);
  });

  it('refuses an unknown filter value on the export as on the list', async () => {
    const answer = await h.api('/v1/devices/export.csv?status=broken');
    expect(answer.status).toBe(400);
    expect(answer.body.error.details[0].path).toBe('status.0');
  });
});

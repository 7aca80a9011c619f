import { DEMO_PROJECT_ID, DEMO_SUBPROJECT_ID } from '@farola/protocol';
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

  it("exports every matching device as CSV: the import template's headers in the user's language, projects by name", async () => {
    const answer = await fetch(
      `${h.server.httpUrl}/lighting/api/v1/devices/export.csv?q=${prefix}&deviceType=cabinet-controller`,
    );
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const lines = (await answer.text()).trim().split('\n');
    expect(lines[0]).toBe(
      'Serial number,Name,Device type,Vendor family,Project,Reference,Category,IMEI,IP,Luminaire serial number,Luminaire type,Bracket type,Driver,Latitude,Longitude,Installation date,Status,Disabled,Model number,Firmware version,Connected,Last connection date,Created,ID',
    );
    expect(lines).toHaveLength(1 + COUNT / 3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${prefix}00000,Street lamp 0,cabinet-controller,Orion,Demo city,,,,,,,,,,,,provisioned,false,,,false,,\\S+,[0-9a-f-]{36}$`,
      ),
    );

    const spanish = await fetch(`${h.server.httpUrl}/lighting/api/v1/devices/export.csv?q=${prefix}00000&lang=es`);
    const [header] = (await spanish.text()).split('\n');
    expect(header).toMatch(/^Número de serie,Nombre,Tipo de dispositivo,Familia de fabricante,Proyecto,/);
  });

  it('writes a subproject by its path and text that would run as a formula as plain text', async () => {
    const answer = await h.api(`/v1/gateways/${(await h.api('/v1/gateways?q=INV-GW')).body.items[0].id}/devices`, {
      method: 'POST',
      body: JSON.stringify({
        devices: [
          {
            serialNumber: 'INVX-1',
            deviceType: 'light-point-controller',
            vendor: 'vega',
            projectId: DEMO_SUBPROJECT_ID,
            name: '=HYPERLINK("http://example.com","Click")',
          },
          {
            serialNumber: 'INVX-2',
            deviceType: 'light-point-controller',
            vendor: 'vega',
            projectId: DEMO_SUBPROJECT_ID,
            name: '-2+3',
          },
        ],
      }),
    });
    expect(answer.body.created).toBe(2);
    const csv = await (await fetch(`${h.server.httpUrl}/lighting/api/v1/devices/export.csv?q=INVX-`)).text();
    const rows = csv.trim().split('\n').slice(1);
    expect(rows[0]).toMatch(
      /^INVX-1,"'=HYPERLINK\(""http:\/\/example.com"",""Click""\)",light-point-controller,Vega,Demo city \/ Old town,/,
    );
    expect(rows[1]).toMatch(/^INVX-2,'-2\+3,light-point-controller,Vega,Demo city \/ Old town,/);
  });

  it('refuses an unknown filter value on the export as on the list', async () => {
    const answer = await h.api('/v1/devices/export.csv?status=broken');
    expect(answer.status).toBe(400);
    expect(answer.body.error.details[0].path).toBe('status.0');
  });
});

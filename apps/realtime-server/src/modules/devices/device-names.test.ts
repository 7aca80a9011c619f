import { randomUUID } from 'node:crypto';
import { DEMO_PROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';
import { admin, inSchema } from '../../testing/postgres';

const device = (serialNumber: string, name: string, deviceType = 'light-point-controller') => ({
  serialNumber,
  deviceType,
  vendor: 'orion',
  projectId: DEMO_PROJECT_ID,
  name,
});

function namesAreUnique(start: () => Promise<Harness>) {
  let h: Harness;
  beforeAll(async () => {
    h = await start();
  });
  afterAll(async () => {
    await h?.close();
  });
  const post = (path: string, body: unknown) => h.api(path, { method: 'POST', body: JSON.stringify(body) });
  const patch = (id: string, body: unknown) =>
    h.api(`/v1/devices/${id}`, { method: 'PATCH', body: JSON.stringify(body) });

  it("refuses a second light point named 'Audit lamp', in any case, with 'Light point name … already exists'", async () => {
    const name = `Audit lamp ${randomUUID().slice(0, 8)}`;
    expect((await post('/v1/devices', device(uniqueSerial('NAME'), name))).status).toBe(201);
    for (const taken of [name, name.toUpperCase(), ` ${name} `]) {
      const serialNumber = uniqueSerial('NAME');
      const second = await post('/v1/devices', device(serialNumber, taken));
      expect(second.status).toBe(409);
      expect(second.body.error).toEqual({
        code: 'LIGHT_POINT_NAME_EXISTS',
        message: `Light point name ${taken.trim()} already exists`,
        details: { error: taken.trim() },
      });
      // Nothing of it was created: its serial number is still free.
      expect((await h.api(`/v1/devices?q=${serialNumber}`)).body.total).toBe(0);
    }
    // A cabinet controller is another kind: it may carry the name.
    expect((await post('/v1/devices', device(uniqueSerial('NAME'), name, 'cabinet-controller'))).status).toBe(201);
  });

  it("refuses a second cabinet controller of a name with '… name of the cabinet controller already exists'", async () => {
    const name = `Cabinet Aribau ${randomUUID().slice(0, 8)}`;
    expect((await post('/v1/devices', device(uniqueSerial('NAME'), name, 'cabinet-controller'))).status).toBe(201);
    const second = await post('/v1/devices', device(uniqueSerial('NAME'), name.toLowerCase(), 'cabinet-controller'));
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: 'CABINET_NAME_EXISTS',
      message: `${name.toLowerCase()} name of the cabinet controller already exists`,
    });
  });

  it('answers each device of a bulk call whose name is taken, in the database or earlier in the call', async () => {
    const taken = `Bulk lamp ${randomUUID().slice(0, 8)}`;
    expect((await post('/v1/devices', device(uniqueSerial('NAME'), taken))).status).toBe(201);
    const gateway = await post('/v1/gateways', {
      gatewayId: uniqueSerial('NAMEGW'),
      projectId: DEMO_PROJECT_ID,
      name: 'Names',
    });
    const fresh = `Bulk lamp ${randomUUID().slice(0, 8)}`;
    const serials = [uniqueSerial('NAME'), uniqueSerial('NAME'), uniqueSerial('NAME'), uniqueSerial('NAME')];
    const answer = await post(`/v1/gateways/${gateway.body.id}/devices`, {
      devices: [
        device(serials[0]!, taken),
        device(serials[1]!, fresh),
        device(serials[2]!, fresh.toUpperCase()),
        device(serials[3]!, `${fresh} b`),
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.created).toBe(2);
    expect(
      answer.body.items.map((item: { status: string; error: { code: string } | null }) => [
        item.status,
        item.error?.code ?? null,
      ]),
    ).toEqual([
      ['conflict', 'LIGHT_POINT_NAME_EXISTS'],
      ['created', null],
      ['conflict', 'LIGHT_POINT_NAME_EXISTS'],
      ['created', null],
    ]);
  });

  it('renames a device, and refuses a name another device of its kind carries, changing nothing', async () => {
    const first = (await post('/v1/devices', device(uniqueSerial('NAME'), `Rename ${randomUUID()}`))).body;
    const second = (await post('/v1/devices', device(uniqueSerial('NAME'), `Rename ${randomUUID()}`))).body;
    const renamed = await patch(second.id, { name: '  Carrer de Aribau 13 bis ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Carrer de Aribau 13 bis');
    // Its own name in another case is no conflict.
    expect((await patch(second.id, { name: 'CARRER DE ARIBAU 13 BIS' })).body.name).toBe('CARRER DE ARIBAU 13 BIS');

    const refused = await patch(first.id, { name: 'carrer de aribau 13 bis', notes: 'moved' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'LIGHT_POINT_NAME_EXISTS',
      details: { error: 'carrer de aribau 13 bis' },
    });
    expect((await h.api(`/v1/devices/${first.id}`)).body).toMatchObject({ name: first.name, notes: null });
    // The map's fleet reads the new name.
    const fleet = await h.api(`/v1/fleet?deviceId=${second.id}`);
    expect(fleet.body.items[0].name).toBe('CARRER DE ARIBAU 13 BIS');
  });

  it('lets only one of many concurrent provisionings and renames take a name: the unique index decides', async () => {
    const name = `Race ${randomUUID()}`;
    const posts = await Promise.all(
      Array.from({ length: 8 }, () => post('/v1/devices', device(uniqueSerial('RACE'), name))),
    );
    expect(posts.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);

    const others = await Promise.all(
      Array.from(
        { length: 6 },
        async () => (await post('/v1/devices', device(uniqueSerial('RACE'), `Race ${randomUUID()}`))).body.id as string,
      ),
    );
    const contested = `Contested ${randomUUID()}`;
    const renames = await Promise.all(others.map((id) => patch(id, { name: contested })));
    expect(renames.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await h.api(`/v1/devices?q=${encodeURIComponent(contested)}`)).body.total).toBe(1);
  });
}

describe('device names, on the embedded database', () => {
  namesAreUnique(() => startHarness());
});

// PostgreSQL runs the concurrent statements at once, on several connections: the race is real there.
describe.skipIf(process.env['FAROLA_SKIP_EXTERNAL'] === '1')('device names, on PostgreSQL', () => {
  const schema = `names_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  afterAll(async () => {
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });
  namesAreUnique(async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    return startHarness({ DATABASE_URL: inSchema(schema) });
  });
});

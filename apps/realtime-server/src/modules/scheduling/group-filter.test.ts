import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';

/** The inventory lists' `groupId` filter, which the scheduling module contributes to the devices module. */
describe('the inventory filter by group', () => {
  let h: Harness;
  const send: Harness['send'] = (...args) => h.send(...args);
  /** Five devices of the demo project whose serial numbers share `tag`, three of them put in `park`. */
  const tag = uniqueSerial('GF');
  const ids: string[] = [];
  let park: string;
  let defaultGroup: string;

  const serials = async (query: string) => {
    const answer = await send('GET', `/v1/devices?q=${tag}&${query}`);
    expect(answer.status).toBe(200);
    return {
      serials: answer.body.items.map((device: { serialNumber: string }) => device.serialNumber) as string[],
      total: answer.body.total as number,
      nextCursor: answer.body.nextCursor as string | null,
    };
  };

  beforeAll(async () => {
    h = await startHarness();
    for (const letter of ['A', 'B', 'C', 'D', 'E']) {
      ids.push(await h.register(`${tag}-${letter}`, { projectId: DEMO_PROJECT_ID }));
    }
    park = (await send('POST', '/v1/groups', { projectId: DEMO_PROJECT_ID, name: `Park ${tag}` })).body.id;
    const put = await send('POST', `/v1/groups/${park}/members`, { deviceIds: [ids[0], ids[2], ids[4]] });
    expect(put.status).toBe(200);
    defaultGroup = (await send('GET', `/v1/devices/${ids[1]}/group`)).body.id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it("lists a named group's devices, paged and sorted like any list", async () => {
    const first = await serials(`groupId=${park}&sort=-serialNumber&limit=2`);
    expect(first).toMatchObject({ serials: [`${tag}-E`, `${tag}-C`], total: 3 });
    const second = await serials(`groupId=${park}&sort=-serialNumber&limit=2&cursor=${first.nextCursor}`);
    expect(second).toEqual({ serials: [`${tag}-A`], total: 3, nextCursor: null });
  });

  it("lists in the default group the project's devices put in no other group", async () => {
    expect(await serials(`groupId=${defaultGroup}`)).toMatchObject({ serials: [`${tag}-B`, `${tag}-D`], total: 2 });
    // The default group holds the project's other devices too, none of the named group's.
    const all = await send('GET', `/v1/devices?groupId=${defaultGroup}&limit=500`);
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    expect(all.body.items.some((device: { id: string }) => [ids[0], ids[2], ids[4]].includes(device.id))).toBe(false);
  });

  it('follows a change of group at once, and combines with the other filters', async () => {
    expect((await send('POST', `/v1/groups/${park}/members`, { deviceIds: [ids[1]] })).body.moved).toBe(1);
    expect((await serials(`groupId=${park}`)).serials).toEqual([`${tag}-A`, `${tag}-B`, `${tag}-C`, `${tag}-E`]);
    expect((await serials(`groupId=${defaultGroup}`)).serials).toEqual([`${tag}-D`]);
    expect((await serials(`groupId=${park}&projectId=${DEMO_NORTH_PROJECT_ID}`)).total).toBe(0);
    expect((await serials(`groupId=${park}&deviceType=cabinet-controller`)).total).toBe(0);
    await send('POST', `/v1/groups/${defaultGroup}/members`, { deviceIds: [ids[1]] });
  });

  it("selects all of a group's devices for a bulk action, and exports only them", async () => {
    const matching = await send('GET', `/v1/devices/ids?q=${tag}&groupId=${park}`);
    expect(matching.body).toEqual({ ids: [ids[0], ids[2], ids[4]], total: 3, truncated: false });
    const csv = await fetch(`${h.server.httpUrl}/lighting/api/v1/devices/export.csv?q=${tag}&groupId=${park}`);
    const text = await csv.text();
    expect(text).toContain(`${tag}-C`);
    expect(text).not.toContain(`${tag}-D`);
  });

  it("lists nothing of another project's default group", async () => {
    const northDefault = (await send('GET', `/v1/groups?projectId=${DEMO_NORTH_PROJECT_ID}&q=Default`)).body.items[0];
    expect(northDefault.isDefault).toBe(true);
    expect((await serials(`groupId=${northDefault.id}`)).total).toBe(0);
  });

  it('answers Group not found for a group that does not exist, and refuses a malformed id', async () => {
    const unknown = await send('GET', '/v1/devices?groupId=7f3c2b1a-0000-4000-8000-000000000000');
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Group not found' } } });
    const malformed = await send('GET', '/v1/devices?groupId=park');
    expect(malformed).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    expect(malformed.body.error.details).toEqual([expect.objectContaining({ path: 'groupId' })]);
  });
});

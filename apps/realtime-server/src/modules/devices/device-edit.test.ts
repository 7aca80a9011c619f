import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';

describe('editing a device (PATCH /devices/{id})', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const patch = (id: string, body: unknown) =>
    h.api(`/v1/devices/${id}`, { method: 'PATCH', body: JSON.stringify(body) });

  it('saves notes with who wrote them and when, and clears them with an empty text', async () => {
    const id = await h.register(uniqueSerial('EDIT'));
    const before = Date.now();
    const saved = await patch(id, { notes: 'Pole repainted in May' });
    expect(saved.status).toBe(200);
    expect(saved.body.notes).toMatchObject({ text: 'Pole repainted in May', updatedBy: 'demo' });
    expect(Date.parse(saved.body.notes.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await h.api(`/v1/devices/${id}`)).body.notes.text).toBe('Pole repainted in May');

    const cleared = await patch(id, { notes: '' });
    expect(cleared.body.notes).toBeNull();
  });

  it('switches the fixed location on and off without touching the notes', async () => {
    const id = await h.register(uniqueSerial('EDIT'));
    await patch(id, { notes: 'Keep' });
    const on = await patch(id, { fixedLocation: true });
    expect(on.body).toMatchObject({ fixedLocation: true, notes: { text: 'Keep' } });
    expect((await h.api(`/v1/devices/${id}`)).body.fixedLocation).toBe(true);
    expect((await patch(id, { fixedLocation: false })).body.fixedLocation).toBe(false);
  });

  it('records the luminaire and hardware fields, keeps the others, and clears one with an empty text', async () => {
    const id = await h.register(uniqueSerial('EDIT'));
    const luminaire = `LUM-${randomUUID()}`;
    const saved = await patch(id, {
      luminaireSerialNumber: ` ${luminaire} `,
      luminaireType: 'LED street 40 W',
      bracketType: 'Wall bracket',
      driver: 'Tridonic LC 40W',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      luminaireSerialNumber: luminaire,
      luminaireType: 'LED street 40 W',
      bracketType: 'Wall bracket',
      driver: 'Tridonic LC 40W',
    });
    const cleared = await patch(id, { bracketType: '' });
    expect(cleared.body).toMatchObject({
      bracketType: null,
      luminaireSerialNumber: luminaire,
      driver: 'Tridonic LC 40W',
    });
    expect((await h.api(`/v1/devices/${id}`)).body).toMatchObject({
      bracketType: null,
      luminaireType: 'LED street 40 W',
    });
  });

  it("refuses a luminaire serial number another device carries with 'Luminaire serial number X already exists'", async () => {
    const first = await h.register(uniqueSerial('EDIT'));
    const second = await h.register(uniqueSerial('EDIT'));
    const luminaire = `LUM-${randomUUID()}`;
    expect((await patch(first, { luminaireSerialNumber: luminaire })).status).toBe(200);
    // The same device may keep its own luminaire serial number in a later edit.
    expect((await patch(first, { luminaireSerialNumber: luminaire, driver: 'D1' })).status).toBe(200);

    const refused = await patch(second, { luminaireSerialNumber: luminaire, driver: 'D2' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'LUMINAIRE_SERIAL_EXISTS',
      message: `Luminaire serial number ${luminaire} already exists`,
      details: { error: luminaire },
    });
    // Nothing of the refused edit was applied.
    expect((await h.api(`/v1/devices/${second}`)).body).toMatchObject({ luminaireSerialNumber: null, driver: null });

    // Once the first device gives it up, the second may take it.
    await patch(first, { luminaireSerialNumber: '' });
    expect((await patch(second, { luminaireSerialNumber: luminaire })).body.luminaireSerialNumber).toBe(luminaire);
  });

  it('refuses luminaire fields on a cabinet controller, which sits on no luminaire, and keeps its notes editable', async () => {
    const id = await h.register(uniqueSerial('EDIT'), { deviceType: 'cabinet-controller' });
    const refused = await patch(id, { luminaireType: 'LED street 40 W', notes: 'Door lock replaced' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'luminaireType', rule: 'unknownKey' }],
    });
    // Nothing of the refused edit was applied.
    expect((await h.api(`/v1/devices/${id}`)).body).toMatchObject({ luminaireType: null, notes: null });
    expect((await patch(id, { notes: 'Door lock replaced' })).body.notes.text).toBe('Door lock replaced');
  });

  it('refuses an empty edit, unknown fields and notes over the limit', async () => {
    const id = await h.register(uniqueSerial('EDIT'));
    for (const body of [
      {},
      { name: '   ' },
      { name: 'x'.repeat(121) },
      { colour: 'red' },
      { notes: 'x'.repeat(4001) },
      { fixedLocation: 'yes' },
      { driver: 'x'.repeat(61) },
      { luminaireSerialNumber: 42 },
    ]) {
      const answer = await patch(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it("answers 404 'Device not found' for a device that does not exist", async () => {
    const answer = await patch(randomUUID(), { notes: 'x' });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('DEVICE_NOT_FOUND');
  });
});

import { randomUUID } from 'node:crypto';
import { DEMO_NORTH_PROJECT_ID, DEMO_PROJECT_ID, PHOTO_MAX_BYTES } from '@farola/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueSerial } from '../../testing/harness';
import { startTestRealm, type TestRealm } from '../../testing/test-realm';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff, 0xe0];

/** Bytes that start with an image type's signature, then `size` bytes in all. */
function imageBytes(signature: number[], size = 64, fill = 7): Uint8Array {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set(signature);
  return bytes;
}

describe('device photographs', () => {
  let h: Harness;
  let idp: TestRealm;
  /** An admin; an operator of the first demo project; an operator of the north districts only; a viewer of the first. */
  const tokens = {} as Record<'admin' | 'operator' | 'northOperator' | 'viewer', string>;
  let device: string;

  const as = (who: keyof typeof tokens, init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { authorization: `Bearer ${tokens[who]}`, ...init.headers },
  });
  const upload = (
    who: keyof typeof tokens,
    bytes: Uint8Array,
    { type = 'image/png', filename = 'pole.png', caption }: { type?: string; filename?: string; caption?: string } = {},
  ) => {
    const query = new URLSearchParams({ filename, ...(caption === undefined ? {} : { caption }) });
    return h.api(
      `/v1/devices/${device}/photos?${query}`,
      as(who, { method: 'POST', body: bytes, headers: { 'content-type': type } }),
    );
  };
  const content = (who: keyof typeof tokens, id: string) =>
    fetch(`${h.server.httpUrl}/lighting/api/v1/photos/${id}/content`, as(who));

  beforeAll(async () => {
    idp = await startTestRealm();
    h = await startHarness(idp.env);
    tokens.admin = await idp.sign('photo-admin', ['admin']);
    tokens.operator = await idp.sign('photo-operator', ['manage-devices']);
    tokens.northOperator = await idp.sign('photo-north', ['manage-devices']);
    tokens.viewer = await idp.sign('photo-viewer', ['view-devices']);
    const grants = { operator: DEMO_PROJECT_ID, northOperator: DEMO_NORTH_PROJECT_ID, viewer: DEMO_PROJECT_ID };
    for (const [who, projectId] of Object.entries(grants)) {
      // Signed in once, so that the directory knows the user before the admin grants it a project.
      expect((await h.api('/v1/me', as(who as keyof typeof tokens))).status).toBe(200);
      const granted = await h.api(
        `/v1/users/photo-${who === 'northOperator' ? 'north' : who}/permissions`,
        as('admin', { method: 'POST', body: JSON.stringify({ projectId, role: 'user' }) }),
      );
      expect(granted.status).toBe(200);
    }
    device = await h.register(uniqueSerial('PHOTO'), { projectId: DEMO_PROJECT_ID }, tokens.admin);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    idp?.close();
  });

  it('uploads, lists, serves, captions and deletes a photograph', async () => {
    const bytes = imageBytes(PNG_SIGNATURE, 300);
    const created = await upload('operator', bytes, { caption: 'North face' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      deviceId: device,
      projectId: DEMO_PROJECT_ID,
      filename: 'pole.png',
      caption: 'North face',
      contentType: 'image/png',
      size: 300,
      uploadedBy: 'photo-operator',
    });
    const { id } = created.body;

    const list = await h.api(`/v1/devices/${device}/photos`, as('viewer'));
    expect(list.status).toBe(200);
    expect(list.body.items.map((photo: { id: string }) => photo.id)).toContain(id);
    expect(list.body.items[0]).not.toHaveProperty('content');

    const image = await content('viewer', id);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toMatch(/^private/);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(bytes);

    const captioned = await h.api(`/v1/photos/${id}`, as('operator', { method: 'PATCH', body: '{"caption":"Base"}' }));
    expect(captioned).toMatchObject({ status: 200, body: { id, caption: 'Base' } });
    const uncaptioned = await h.api(`/v1/photos/${id}`, as('operator', { method: 'PATCH', body: '{"caption":""}' }));
    expect(uncaptioned.body.caption).toBeNull();

    const deleted = await h.api(`/v1/photos/${id}`, as('operator', { method: 'DELETE' }));
    expect(deleted).toMatchObject({ status: 200, body: { id } });
    expect((await content('operator', id)).status).toBe(404);
    const after = await h.api(`/v1/devices/${device}/photos`, as('operator'));
    expect(after.body.items.map((photo: { id: string }) => photo.id)).not.toContain(id);
  });

  it('refuses a file whose bytes are not the image type it was sent as', async () => {
    const jpegAsPng = await upload('operator', imageBytes(JPEG_SIGNATURE), { type: 'image/png' });
    expect(jpegAsPng).toMatchObject({ status: 400, body: { error: { code: 'UNABLE_TO_PROCESS_FILE' } } });
    const text = await upload('operator', new TextEncoder().encode('not an image at all'), { type: 'image/jpeg' });
    expect(text).toMatchObject({ status: 400, body: { error: { code: 'UNABLE_TO_PROCESS_FILE' } } });
    const gif = await upload('operator', new TextEncoder().encode('GIF89a.....'), { type: 'image/gif' });
    expect(gif).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    const empty = await upload('operator', new Uint8Array(0));
    expect(empty.status).toBe(400);
    const noName = await upload('operator', imageBytes(PNG_SIGNATURE), { filename: '../../secret.png' });
    expect(noName).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
  });

  it('refuses a photograph over 5 MB with Request too large', async () => {
    const answer = await upload('operator', imageBytes(PNG_SIGNATURE, PHOTO_MAX_BYTES + 1));
    expect(answer).toMatchObject({
      status: 413,
      body: { error: { code: 'REQUEST_TOO_LARGE', details: { limitBytes: PHOTO_MAX_BYTES } } },
    });
    expect((await upload('operator', imageBytes(PNG_SIGNATURE, PHOTO_MAX_BYTES))).status).toBe(201);
  });

  it("keeps another project's users out, and viewers to reading", async () => {
    const created = await upload('operator', imageBytes(PNG_SIGNATURE));
    expect(created.status).toBe(201);
    const { id } = created.body;
    const foreignList = await h.api(`/v1/devices/${device}/photos`, as('northOperator'));
    expect(foreignList).toMatchObject({ status: 404, body: { error: { code: 'DEVICE_NOT_FOUND' } } });
    expect((await upload('northOperator', imageBytes(PNG_SIGNATURE))).status).toBe(404);
    expect((await content('northOperator', id)).status).toBe(404);
    const patch = { method: 'PATCH', body: '{"caption":"mine"}' };
    expect((await h.api(`/v1/photos/${id}`, as('northOperator', patch))).status).toBe(404);
    expect((await h.api(`/v1/photos/${id}`, as('northOperator', { method: 'DELETE' }))).status).toBe(404);

    expect((await upload('viewer', imageBytes(PNG_SIGNATURE))).status).toBe(403);
    expect((await h.api(`/v1/photos/${id}`, as('viewer', { method: 'DELETE' }))).status).toBe(403);
    expect((await content('viewer', id)).status).toBe(200);
    expect((await h.api(`/v1/photos/${randomUUID()}`, as('admin', { method: 'DELETE' }))).status).toBe(404);
  });

  it('pages newest first past the second page, each photograph once', async () => {
    const other = await h.register(uniqueSerial('PHOTO'), { projectId: DEMO_PROJECT_ID }, tokens.admin);
    const uploaded: string[] = [];
    for (let i = 0; i < 7; i++) {
      const answer = await h.api(
        `/v1/devices/${other}/photos?filename=p${i}.jpg`,
        as('operator', {
          method: 'POST',
          body: imageBytes(JPEG_SIGNATURE, 32, i),
          headers: { 'content-type': 'image/jpeg' },
        }),
      );
      expect(answer.status).toBe(201);
      uploaded.push(answer.body.id);
    }
    const seen: { id: string; uploadedAt: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await h.api(`/v1/devices/${other}/photos?limit=2${query}`, as('viewer'));
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(7);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen.map((photo) => photo.id)).toEqual([...uploaded].reverse());
    expect(new Set(seen.map((photo) => photo.id)).size).toBe(7);
    const times = seen.map((photo) => Date.parse(photo.uploadedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness';

describe('the about module', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("names the product with the repository's version and licence", async () => {
    const root = JSON.parse(await readFile(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
      license: string;
    };
    const { status, body } = await h.api('/v1/about');
    expect(status).toBe(200);
    expect(body).toEqual({ product: 'Farola', version: root.version, licence: 'UNLICENSED' });
    expect(root.license).toBe('UNLICENSED');
  });

  it('is documented in the OpenAPI document', async () => {
    const { body } = await h.api('/v1/openapi.json');
    expect(body.paths['/v1/about'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/About',
    });
    expect(body.components.schemas.About.required).toEqual(['product', 'version', 'licence']);
  });
});

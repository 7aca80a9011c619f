import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useFreshCluster } from '../../testing/fresh-cluster';
import { type Harness, startHarness } from '../../testing/harness';

// A database's installation id is made when its migrations first run: each test database runs them.
useFreshCluster();

describe('the about module', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("names the product with the repository's version and licence, and the database's installation id", async () => {
    const root = JSON.parse(await readFile(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
      license: string;
    };
    const { status, body } = await h.api('/v1/about');
    expect(status).toBe(200);
    expect(body).toEqual({
      product: 'Farola',
      version: root.version,
      licence: 'UNLICENSED',
      installationId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    });
    expect(root.license).toBe('UNLICENSED');
  });

  it('is documented in the OpenAPI document', async () => {
    const { body } = await h.api('/v1/openapi.json');
    expect(body.paths['/v1/about'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/About',
    });
    expect(body.components.schemas.About.required).toEqual(['product', 'version', 'licence', 'installationId']);
  });

  it('keeps one installation id for the life of a database: the same after a restart, another for a fresh one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'farola-about-'));
    const installationId = async (env: Record<string, string>) => {
      const server = await startHarness(env);
      try {
        return (await server.api('/v1/about')).body.installationId as string;
      } finally {
        await server.close();
      }
    };
    try {
      const first = await installationId({ DATA_DIR: dir });
      expect(await installationId({ DATA_DIR: dir })).toBe(first);
      expect((await h.api('/v1/about')).body.installationId).not.toBe(first);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

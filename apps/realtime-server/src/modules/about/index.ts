import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import type { FarolaModule } from '../../platform/module';
import { readInstallationId } from './installation';

const ROOT_PACKAGE = new URL('../../../../../package.json', import.meta.url);
const PackageSchema = z.object({ version: z.string().min(1), license: z.string().min(1) });

export const AboutSchema = z.object({
  product: z.literal('Farola'),
  version: z.string(),
  licence: z.string(),
  installationId: z
    .uuid()
    .meta({ description: 'Names the database: made when it was created, kept by restarts and backups' }),
});

/**
 * What is running: the product, its version and its licence, from the repository's package.json,
 * and which database it runs on (its installation id).
 */
export const aboutModule: FarolaModule = {
  name: 'about',
  description: 'The product, its version, its licence and its installation id',
  migrations: new URL('./migrations/', import.meta.url),
  setup: async ({ db }) => {
    const { version, license } = PackageSchema.parse(JSON.parse(await readFile(ROOT_PACKAGE, 'utf8')));
    const about = {
      product: 'Farola',
      version,
      licence: license,
      installationId: await readInstallationId(db),
    } as const;
    return {
      routes: [
        defineRoute({
          method: 'get',
          path: '/about',
          operationId: 'getAbout',
          summary: 'The product, its version, its licence and its installation id',
          roles: [],
          response: { component: 'About', schema: AboutSchema },
          handler: () => about,
        }),
      ],
    };
  },
};

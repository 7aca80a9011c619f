import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import type { FarolaModule } from '../../platform/module';

const ROOT_PACKAGE = new URL('../../../../../package.json', import.meta.url);
const PackageSchema = z.object({ version: z.string().min(1), license: z.string().min(1) });

export const AboutSchema = z.object({ product: z.literal('Farola'), version: z.string(), licence: z.string() });

/** What is running: the product, its version and its licence, from the repository's package.json. */
export const aboutModule: FarolaModule = {
  name: 'about',
  setup: async () => {
    const { version, license } = PackageSchema.parse(JSON.parse(await readFile(ROOT_PACKAGE, 'utf8')));
    const about = { product: 'Farola', version, licence: license } as const;
    return {
      routes: [
        defineRoute({
          method: 'get',
          path: '/about',
          summary: 'The product, its version and its licence',
          roles: [],
          response: { component: 'About', schema: AboutSchema },
          handler: () => about,
        }),
      ],
    };
  },
};

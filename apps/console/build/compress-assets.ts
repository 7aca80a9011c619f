import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Text assets worth compressing; fonts (woff/woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build, at the highest levels,
 * so the server sends them as they are (with `Content-Encoding`) instead of compressing per request.
 * A variant that would not be smaller than the file is not written.
 */
export function compressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'farola-compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          const [gz, br] = await Promise.all([
            gzipAsync(content, { level: 9 }),
            brotliAsync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          ]);
          if (gz.length < content.length) await writeFile(`${full}.gz`, gz);
          if (br.length < content.length) await writeFile(`${full}.br`, br);
        }),
      );
    },
  };
}

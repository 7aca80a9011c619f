import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * Reports the gzipped JavaScript a browser loads for the console's first screen — the entry and
 * everything it imports statically, plus the screens `/lighting/` and `/lighting/map` open on —
 * and fails the build above the budget (issue 5: at most 250 kB).
 *
 * Run after `vite build` (which writes `dist/.vite/manifest.json`): `tsx build/first-screen-budget.ts`.
 */
const BUDGET_BYTES = 250 * 1000;
const FIRST_SCREENS = ['src/features/home/home-page.tsx', 'src/features/map/map-page.tsx'];
/** Chunks the first screen loads right after it paints (reported, not budgeted). */
const AFTER_PAINT = [
  'src/features/map/device-map.tsx',
  'src/features/map/device-search.tsx',
  'src/app/shell/header-tools.tsx',
  'src/components/request-outcome-toasts.tsx',
];

const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
  }),
);

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = ManifestSchema.parse(JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')));

/** A manifest key and every chunk it imports statically (what the browser fetches before running it). */
function withStaticImports(key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build has no chunk for ${key}: update FIRST_SCREENS in ${import.meta.filename}`);
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
const keys = new Set<string>();
for (const key of [...entries, ...FIRST_SCREENS]) withStaticImports(key, keys);

/** The gzipped size of each JavaScript chunk of `chunkKeys`, largest first. */
function sizes(chunkKeys: Iterable<string>) {
  return [...chunkKeys]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
}

const rows = sizes(keys);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const later = new Set<string>();
for (const key of AFTER_PAINT) withStaticImports(key, later);
for (const key of keys) later.delete(key);
const laterTotal = sizes(later).reduce((sum, row) => sum + row.gzip, 0);

console.log('First screen (entry + / + /map), gzipped JavaScript:');
for (const row of rows) console.log(`  ${kB(row.gzip).padStart(9)}  ${row.file}`);
console.log(`  ${kB(total).padStart(9)}  total, budget ${kB(BUDGET_BYTES)}`);
console.log(`Then, right after the first paint (map, search, header controls, toasts): ${kB(laterTotal)}`);
if (total > BUDGET_BYTES) {
  console.error(`The first screen loads ${kB(total)} of gzipped JavaScript, over the ${kB(BUDGET_BYTES)} budget.`);
  process.exitCode = 1;
}

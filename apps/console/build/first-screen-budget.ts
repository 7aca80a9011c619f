import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * Reports the gzipped JavaScript a browser loads for the console's complete first screen and
 * fails the build above the budget (issue 5: at most 250 kB).
 *
 * The first screen is `/lighting/`, the screen the console opens on, as the user sees it once
 * everything on it has loaded: the entry and the app it loads, the home page, the header's controls, the toasts host,
 * the realtime connection behind the header's live status, keycloak-js (authentication on, as in
 * production) and the largest language bundle (a user whose language is not English) — every
 * chunk they import, statically or dynamically, except the dynamic imports that load only when the
 * user goes to another screen or does something (`ON_DEMAND`). The complete map screen
 * `/lighting/map` (with Leaflet and the search box) is printed too, not budgeted.
 *
 * It writes what it counted to `dist/.vite/first-screen.json` (the files of each screen, and the
 * language bundles of which one is counted); tests/e2e/shell.spec.ts checks that the browser loads
 * no other script for either screen.
 *
 * Run after `vite build` (which writes `dist/.vite/manifest.json`): `tsx build/first-screen-budget.ts`.
 */
const BUDGET_BYTES = 250 * 1000;
const HOME_PAGE = 'src/features/home/home-page.tsx';
const MAP_PAGE = 'src/features/map/map-page.tsx';
/** The app (shell and routes), a dynamic import of the entry loaded beside start-up (src/main.tsx). */
const APP = 'src/app/render-app.tsx';
/** Each route's screen is a dynamic import of the entry or the app, loaded when its route is shown. */
const ROUTE_SCREEN = /^src\/features\//;
/** Every language but English, one chunk each: the user's language is fetched, only the largest is counted. */
const LANGUAGE_BUNDLE = /^src\/lib\/i18n\/bundles\//;
/**
 * The texts of the other screens, a chunk per language and namespace (src/lib/i18n/resources.ts):
 * each loads with the first screen that uses its namespace, so neither screen here counts them.
 */
const SCREEN_TEXTS = /^src\/locales\//;
/** Dynamic imports loaded only when the user does something, and why. */
const ON_DEMAND: Record<string, string> = {
  'src/app/shell/user-menu-popover.tsx': "the user menu's items, loaded when the menu is first opened",
  'src/app/shell/main-nav-more-menu.tsx':
    "the menu of the navigation links that do not fit the header, loaded when 'More' is first opened",
  'src/components/notifications-host.tsx':
    'the toast stack and the outcome toasts of commands, loaded when a screen that notifies (the device panel) is shown',
  'src/components/fluent-tooltip.ts': 'tooltips, loaded on first hover or focus of their control',
  'src/app/auth/user-managers-only.tsx': 'the check of who may manage users, loaded with the user management route',
  'src/features/map/fleet-sync.ts':
    'the fleet store and its sync (GET /fleet/columns and the fleet stream) with the realtime client, started by the first screen that shows the fleet (the map)',
  'src/lib/realtime/device-event-schemas.ts':
    'the schemas of device events (every attribute a device reports), loaded with the first device event a screen receives',
};

/** What a screen loads itself of the on-demand chunks (the map starts the fleet sync and notifies). */
const LOADED_BY_SCREEN: Record<string, string[]> = {
  [MAP_PAGE]: ['src/features/map/fleet-sync.ts', 'src/components/notifications-host.tsx'],
};

const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
  }),
);

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = ManifestSchema.parse(JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')));
const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
const shell = [...entries, APP];

function chunk(key: string) {
  const found = manifest[key];
  if (!found) throw new Error(`The build has no chunk for ${key}: update ${import.meta.filename}`);
  return found;
}

const gzipCache = new Map<string, number>();
function gzipBytes(key: string): number {
  const file = chunk(key).file;
  if (!file.endsWith('.js')) return 0;
  let bytes = gzipCache.get(file);
  if (bytes === undefined) {
    bytes = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, bytes);
  }
  return bytes;
}

const languageBundles = Object.keys(manifest).filter((key) => LANGUAGE_BUNDLE.test(key));
const largestLanguage = languageBundles.sort((a, b) => gzipBytes(b) - gzipBytes(a))[0];

/**
 * The chunks a screen loads: the entry and `page`, and every chunk they import statically or
 * dynamically, except other routes' screens, the languages not counted, and `ON_DEMAND`.
 */
function screenChunks(page: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    const { imports = [], dynamicImports = [] } = chunk(key);
    for (const imported of imports) visit(imported);
    for (const imported of dynamicImports) {
      if (imported in ON_DEMAND || SCREEN_TEXTS.test(imported)) continue;
      if (ROUTE_SCREEN.test(imported) && shell.includes(key) && imported !== page) continue;
      if (LANGUAGE_BUNDLE.test(imported) && imported !== largestLanguage) continue;
      visit(imported);
    }
  };
  for (const key of [...entries, page, ...(LOADED_BY_SCREEN[page] ?? [])]) visit(key);
  return loaded;
}

for (const key of Object.keys(ON_DEMAND)) chunk(key);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Prints a screen's chunks, largest first, and returns their gzipped total. */
function report(title: string, keys: Set<string>): number {
  const rows = [...keys]
    .map((key) => ({ file: chunk(key).file, gzip: gzipBytes(key) }))
    .filter((row) => row.file.endsWith('.js'))
    .sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.log(`${title}, gzipped JavaScript:`);
  for (const row of rows) console.log(`  ${kB(row.gzip).padStart(9)}  ${row.file}`);
  return total;
}

const home = screenChunks(HOME_PAGE);
const homeTotal = report(
  'First screen /lighting/ (complete: header controls, toasts, realtime, keycloak-js, one language)',
  home,
);
console.log(`  ${kB(homeTotal).padStart(9)}  total, budget ${kB(BUDGET_BYTES)}`);
const map = screenChunks(MAP_PAGE);
const mapTotal = report(
  '\nMap screen /lighting/map (complete: Leaflet, search, header controls, toasts, realtime, keycloak-js, one language)',
  map,
);
console.log(`  ${kB(mapTotal).padStart(9)}  total (reported, not budgeted)`);
const files = (keys: Set<string>) => [...keys].map((key) => chunk(key).file).filter((file) => file.endsWith('.js'));
writeFileSync(
  path.join(dist, '.vite/first-screen.json'),
  JSON.stringify({
    home: files(home),
    map: files(map),
    languages: languageBundles.map((key) => chunk(key).file),
    screenTexts: Object.keys(manifest)
      .filter((key) => SCREEN_TEXTS.test(key))
      .map((key) => chunk(key).file),
  }),
);
console.log(
  `\nFirst screen /lighting/: ${kB(homeTotal)} of ${kB(BUDGET_BYTES)}; map screen /lighting/map: ${kB(mapTotal)}.`,
);
if (homeTotal > BUDGET_BYTES) {
  console.error(`The first screen loads ${kB(homeTotal)} of gzipped JavaScript, over the ${kB(BUDGET_BYTES)} budget.`);
  process.exitCode = 1;
}

import type { ResourceLanguage } from 'i18next';
import type { Language } from './languages';

type Translations = Record<string, string>;

// Every namespace file of every language, src/locales/<lng>/<namespace>.json, loaded on demand:
// the build puts each language in a chunk of its own (vite.config.ts), so a browser fetches only
// the languages it shows.
const files = import.meta.glob<Translations>('/src/locales/*/*.json', { import: 'default' });

/** 'src/locales/pl/common.json' → ['pl', 'common']. */
function parsePath(path: string): [string, string] | null {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match?.[1] && match[2] ? [match[1], match[2]] : null;
}

/** Every namespace found, e.g. ['common', 'map', ...]. */
export const NAMESPACES: readonly string[] = [
  ...new Set(Object.keys(files).flatMap((path) => parsePath(path)?.[1] ?? [])),
];

/** One language's namespaces: namespace → key → text. */
export async function loadLanguage(language: Language): Promise<ResourceLanguage> {
  const entries = Object.entries(files).flatMap(([path, load]) => {
    const parsed = parsePath(path);
    return parsed?.[0] === language ? [load().then((translations) => [parsed[1], translations] as const)] : [];
  });
  return Object.fromEntries(await Promise.all(entries));
}

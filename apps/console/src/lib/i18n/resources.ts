import type { Resource, ResourceLanguage } from 'i18next';

type Translations = Record<string, string>;

// Every namespace file of every language, bundled at build time: src/locales/<lng>/<namespace>.json.
const files = import.meta.glob<Translations>('/src/locales/*/*.json', { eager: true, import: 'default' });

/** 'src/locales/pl/common.json' → ['pl', 'common']. */
function parsePath(path: string): [string, string] | null {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match?.[1] && match[2] ? [match[1], match[2]] : null;
}

/** i18next resources: language → namespace → key → text. */
export function loadResources(): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, translations] of Object.entries(files)) {
    const parsed = parsePath(path);
    if (!parsed) continue;
    const [language, namespace] = parsed;
    resources[language] = { ...resources[language], [namespace]: translations };
  }
  return resources;
}

/** Every namespace found, e.g. ['common', 'map', ...]. */
export function namespacesOf(resources: Resource): string[] {
  return [...new Set(Object.values(resources).flatMap((byNamespace) => Object.keys(byNamespace)))];
}

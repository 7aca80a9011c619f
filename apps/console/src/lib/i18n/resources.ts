import type { ResourceLanguage } from 'i18next';
import type { Language } from './languages';

type NamespaceFiles = Record<string, Record<string, string>>;

// English is every language's last fallback, so it is always needed and ships with the app.
// On-demand namespaces (./on-demand-namespaces.ts) are left out: their screens load them.
const ENGLISH: NamespaceFiles = import.meta.glob(['/src/locales/en/*.json', '!/src/locales/en/device-detail.json'], {
  eager: true,
  import: 'default',
});

// Every other language is one module (./bundles/<lng>.ts), a chunk of its own: a browser fetches
// only the languages it shows.
const BUNDLES: Record<Language, () => Promise<{ default: NamespaceFiles }>> = {
  de: () => import('./bundles/de'),
  en: () => Promise.resolve({ default: ENGLISH }),
  es: () => import('./bundles/es'),
  fr: () => import('./bundles/fr'),
  it: () => import('./bundles/it'),
  pl: () => import('./bundles/pl'),
  pt: () => import('./bundles/pt'),
};

/** 'src/locales/pl/common.json' → 'common'. */
function namespaceOf(path: string): string | null {
  return /\/locales\/[^/]+\/([^/]+)\.json$/.exec(path)?.[1] ?? null;
}

/** Every namespace, e.g. ['common', 'map', ...]: the files every language has (locales.test.ts checks it). */
export const NAMESPACES: readonly string[] = Object.keys(ENGLISH)
  .map(namespaceOf)
  .filter((namespace): namespace is string => namespace !== null);

/** One language's namespaces: namespace → key → text. */
export async function loadLanguage(language: Language): Promise<ResourceLanguage> {
  const { default: files } = await BUNDLES[language]();
  return Object.fromEntries(
    Object.entries(files).flatMap(([path, translations]) => {
      const namespace = namespaceOf(path);
      return namespace ? [[namespace, translations]] : [];
    }),
  );
}

import type { BackendModule, ReadCallback } from 'i18next';
import type { Language } from './languages';

type NamespaceFiles = Record<string, Record<string, string>>;

/**
 * The namespaces of the first screen (the shell and the home page), loaded with the language.
 * Every other namespace loads with the first screen that uses it (a chunk per language and
 * namespace), so a new screen's texts do not weigh on the first screen. Keep this list equal to
 * the globs below.
 */
export const FIRST_SCREEN_NAMESPACES = ['common', 'errors', 'home', 'preferences'] as const;

// English is every language's last fallback, so its first-screen texts ship with the app.
const ENGLISH: NamespaceFiles = import.meta.glob('/src/locales/en/{common,errors,home,preferences}.json', {
  eager: true,
  import: 'default',
});

// Every other language's first-screen texts are one module (./bundles/<lng>.ts), a chunk of its
// own: a browser fetches only the languages it shows.
const BUNDLES: Record<Language, () => Promise<{ default: NamespaceFiles }>> = {
  de: () => import('./bundles/de'),
  en: () => Promise.resolve({ default: ENGLISH }),
  es: () => import('./bundles/es'),
  fr: () => import('./bundles/fr'),
  it: () => import('./bundles/it'),
  pl: () => import('./bundles/pl'),
  pt: () => import('./bundles/pt'),
};

// The other screens' texts: one chunk per language and namespace, loaded on demand.
const SCREEN_FILES = import.meta.glob<Record<string, string>>(
  ['/src/locales/*/*.json', '!/src/locales/*/{common,errors,home,preferences}.json'],
  { import: 'default' },
);

/** 'src/locales/pl/common.json' → 'common'. */
function namespaceOf(path: string): string | null {
  return /\/locales\/[^/]+\/([^/]+)\.json$/.exec(path)?.[1] ?? null;
}

/** Every namespace, e.g. ['common', 'map', ...]: the files every language has (locales.test.ts checks it). */
export const NAMESPACES: readonly string[] = [
  ...FIRST_SCREEN_NAMESPACES,
  ...Object.keys(SCREEN_FILES)
    .filter((path) => path.startsWith('/src/locales/en/'))
    .map(namespaceOf)
    .filter((namespace): namespace is string => namespace !== null),
];

const isFirstScreen = (namespace: string) => (FIRST_SCREEN_NAMESPACES as readonly string[]).includes(namespace);

/** One namespace of one language: namespace → key → text. */
async function loadNamespace(language: string, namespace: string): Promise<Record<string, string>> {
  const path = `/src/locales/${language}/${namespace}.json`;
  if (isFirstScreen(namespace) && language in BUNDLES) {
    const { default: files } = await BUNDLES[language as Language]();
    const translations = files[path];
    if (translations) return translations;
  }
  const load = SCREEN_FILES[path];
  if (!load) throw new Error(`No translations for ${language}/${namespace}`);
  return load();
}

/**
 * Where i18next reads translations: a namespace is loaded the first time a component asks for it
 * (react-i18next suspends that component meanwhile, inside the lazy screen's Suspense boundary).
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, namespace: string, callback: ReadCallback) => {
    loadNamespace(language, namespace).then(
      (translations) => callback(null, translations),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

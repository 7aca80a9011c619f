import i18next from 'i18next';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from './languages';

type Translations = Record<string, unknown>;

// One chunk per language and namespace, fetched when a screen that needs it is first shown, so
// the first screen does not carry them (apps/console/build/first-screen-budget.ts). This module
// does not import ./i18n: sharing it with a screen's chunk would split it out of the entry.
const FILES = import.meta.glob<Translations>('/src/locales/*/device-detail.json', { import: 'default' });

/** Namespaces kept out of the language bundles; each is `src/locales/<lng>/<namespace>.json`. */
export type OnDemandNamespace = 'device-detail';

/** The languages i18next reads texts from now: the shown one and its fallbacks. */
const wantedLanguages = (): string[] => (i18next.languages ?? []).filter(isLanguage);

const isLoaded = (namespace: OnDemandNamespace, languages: readonly string[]) =>
  languages.every((language) => i18next.hasResourceBundle(language, namespace));

/**
 * Loads an on-demand namespace in the languages i18next shows now (the language and its fallbacks).
 *
 * @example
 * await loadNamespace('device-detail');
 */
export async function loadNamespace(
  namespace: OnDemandNamespace,
  languages: readonly string[] = wantedLanguages(),
): Promise<void> {
  await Promise.all(
    languages.map(async (language) => {
      const file = FILES[`/src/locales/${language}/${namespace}.json`];
      if (!file || i18next.hasResourceBundle(language, namespace)) return;
      i18next.addResourceBundle(language, namespace, await file(), true, true);
    }),
  );
}

/**
 * Whether a screen's on-demand namespace is ready in the current language, loading it on first use
 * and after each language switch; the screen shows a spinner until it is.
 *
 * @example
 * if (!useOnDemandNamespace('device-detail')) return <Spinner />;
 */
export function useOnDemandNamespace(namespace: OnDemandNamespace): boolean {
  // Re-renders on each language switch.
  const { i18n } = useTranslation();
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  const languages = (i18n.languages ?? []).filter(isLanguage);
  const ready = isLoaded(namespace, languages);
  const key = languages.join(',');
  useEffect(() => {
    let current = true;
    if (!ready) void loadNamespace(namespace, key.split(',')).then(() => current && loaded());
    return () => {
      current = false;
    };
  }, [namespace, ready, key]);
  return ready;
}

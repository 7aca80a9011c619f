import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { loadLanguage, NAMESPACES } from './resources';
import type { ResolvedLocale } from './locale-order';

/** Keeps <html lang> equal to the interface language, for screen readers and end-to-end tests. */
function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/** Loads the languages i18next does not hold yet (a language's texts are fetched once). */
async function ensureLanguages(languages: readonly Language[]): Promise<void> {
  const missing = [...new Set(languages)].filter((language) => !i18next.hasResourceBundle(language, 'common'));
  const loaded = await Promise.all(missing.map(async (language) => [language, await loadLanguage(language)] as const));
  for (const [language, namespaces] of loaded) {
    for (const [namespace, translations] of Object.entries(namespaces)) {
      i18next.addResourceBundle(language, namespace, translations, true, true);
    }
  }
}

/**
 * Starts i18next with the language to show, its fallback and English. Safe to call again (e.g.
 * once before sign-in for start-up alerts, and again with the user's locale): later calls load
 * what is missing and switch the language.
 */
export async function initI18n({ language, fallback }: ResolvedLocale): Promise<i18n> {
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', syncDocumentLanguage);
    await i18next.use(initReactI18next).init({
      resources: {},
      lng: language,
      fallbackLng: [fallback, DEFAULT_LANGUAGE],
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      // React escapes what it renders; escaping here would double-escape and garble alert texts.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await ensureLanguages([language, fallback, DEFAULT_LANGUAGE]);
  i18next.options.fallbackLng = [fallback, DEFAULT_LANGUAGE];
  await i18next.changeLanguage(language);
  syncDocumentLanguage(language);
  return i18next;
}

/** Switches the interface language, loading its texts first. */
export async function changeLanguage(language: Language): Promise<unknown> {
  await ensureLanguages([language]);
  return i18next.changeLanguage(language);
}

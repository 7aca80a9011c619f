import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { FIRST_SCREEN_NAMESPACES, localeBackend, NAMESPACES } from './resources';
import type { ResolvedLocale } from './locale-order';
import { recordMissingKey } from './missing-keys';

/** Keeps <html lang> equal to the interface language, for screen readers and end-to-end tests. */
function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/**
 * The namespaces loaded with a language: the first screen's, the others when a screen first uses
 * them. Under test every namespace is loaded up front, so that a component renders its texts at once.
 */
const PRELOADED: readonly string[] = import.meta.env.MODE === 'test' ? NAMESPACES : FIRST_SCREEN_NAMESPACES;

/**
 * Starts i18next with the language to show, its fallback and English. Safe to call again (e.g.
 * once before sign-in for start-up alerts, and again with the user's locale): later calls load
 * what is missing and switch the language.
 */
export async function initI18n({ language, fallback }: ResolvedLocale): Promise<i18n> {
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', syncDocumentLanguage);
    await i18next
      .use(localeBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: [fallback, DEFAULT_LANGUAGE],
        supportedLngs: [...LANGUAGES],
        ns: [...PRELOADED],
        defaultNS: 'common',
        // React escapes what it renders; escaping here would double-escape and garble alert texts.
        interpolation: { escapeValue: false },
        returnNull: false,
        // A key found in no language would show raw: recorded (window.farolaMissingKeys) and logged.
        saveMissing: true,
        missingKeyHandler: recordMissingKey,
      });
  }
  i18next.options.fallbackLng = [fallback, DEFAULT_LANGUAGE];
  // Loads the language, its fallbacks and every namespace used so far, then switches.
  await i18next.changeLanguage(language);
  syncDocumentLanguage(language);
  return i18next;
}

/** Switches the interface language, loading its texts first. */
export async function changeLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}

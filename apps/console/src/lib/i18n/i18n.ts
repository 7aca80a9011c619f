import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from './languages';
import { loadResources, namespacesOf } from './resources';
import type { ResolvedLocale } from './locale-order';

/** Keeps <html lang> equal to the interface language, for screen readers and end-to-end tests. */
function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/**
 * Starts i18next with every bundled namespace. Safe to call again (e.g. once before sign-in for
 * start-up alerts, and again with the user's locale): later calls only switch the language.
 */
export async function initI18n({ language, fallback }: ResolvedLocale): Promise<i18n> {
  if (i18next.isInitialized) {
    i18next.options.fallbackLng = [fallback, 'en'];
    await i18next.changeLanguage(language);
    return i18next;
  }
  const resources = loadResources();
  i18next.on('languageChanged', syncDocumentLanguage);
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: [fallback, 'en'],
    supportedLngs: [...LANGUAGES],
    ns: namespacesOf(resources),
    defaultNS: 'common',
    // React escapes what it renders; escaping here would double-escape and garble alert texts.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  syncDocumentLanguage(language);
  return i18next;
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}

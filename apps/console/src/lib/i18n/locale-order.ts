import { DEFAULT_LANGUAGE, toLanguage, type Language } from './languages';

/** The localStorage key of the language the user picked (spec §3 "Stored preferences"). */
export const LOCALE_STORAGE_KEY = 'defaultLocale';

export interface LocaleSources {
  /** `defaultLocale` from localStorage. */
  stored: string | null;
  /** The signed-in user's locale (the demo user's is 'es'); null before sign-in. */
  userLocale: string | null;
  /** `navigator.language`. */
  browserLanguage: string | null;
}

export interface ResolvedLocale {
  language: Language;
  /** The browser's language when supported (spec §9), else English. */
  fallback: Language;
}

/** Spec §9: stored `defaultLocale`, then the user's locale, then the browser language's first two letters. */
export function resolveLocale({ stored, userLocale, browserLanguage }: LocaleSources): ResolvedLocale {
  const browser = toLanguage(browserLanguage);
  const fallback = browser ?? DEFAULT_LANGUAGE;
  const language = toLanguage(stored) ?? toLanguage(userLocale) ?? fallback;
  return { language, fallback };
}

export function readStoredLocale(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  try {
    return storage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveStoredLocale(language: Language, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(LOCALE_STORAGE_KEY, language);
  } catch {
    // Storage may be refused (private browsing); the language still switches for this visit.
  }
}

/** The browser-side sources, read now. */
export function currentLocaleSources(userLocale: string | null): LocaleSources {
  return { stored: readStoredLocale(), userLocale, browserLanguage: navigator.language || null };
}

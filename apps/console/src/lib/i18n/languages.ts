/** The interface languages (spec §9), in the order the language select lists them. */
export const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'pl', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language by its own name, so a reader finds theirs whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  pl: 'Polski',
  pt: 'Português',
};

/** The language when nothing else matches, and Fluent UI's own locale (spec §9). */
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'pt-BR' → 'pt'; anything unsupported → null. */
export function toLanguage(locale: string | null | undefined): Language | null {
  const code = locale?.trim().slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : null;
}

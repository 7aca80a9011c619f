import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locale-order';

describe('resolveLocale', () => {
  it('prefers the language the user stored over their profile and browser', () => {
    expect(resolveLocale({ stored: 'fr', userLocale: 'es', browserLanguage: 'de-DE' }).language).toBe('fr');
  });

  it("uses the signed-in user's locale when nothing is stored", () => {
    expect(resolveLocale({ stored: null, userLocale: 'es', browserLanguage: 'de-DE' }).language).toBe('es');
  });

  it("falls back to the first two letters of the browser's language", () => {
    expect(resolveLocale({ stored: null, userLocale: null, browserLanguage: 'pt-BR' }).language).toBe('pt');
  });

  it('skips a stored or user locale the console does not offer', () => {
    expect(resolveLocale({ stored: 'ja', userLocale: 'nl', browserLanguage: 'it-IT' }).language).toBe('it');
  });

  it("makes the browser's language the fallback for missing texts", () => {
    expect(resolveLocale({ stored: 'pl', userLocale: null, browserLanguage: 'de-AT' })).toEqual({
      language: 'pl',
      fallback: 'de',
    });
  });

  it('ends in English when no source names a supported language', () => {
    expect(resolveLocale({ stored: null, userLocale: null, browserLanguage: 'ja-JP' })).toEqual({
      language: 'en',
      fallback: 'en',
    });
  });
});

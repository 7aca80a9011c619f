import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import {
  flatten,
  placeholders,
  pluralBase,
  pluralCategoriesOf,
  pluralCategory,
  type TranslationTree,
} from './locale-files';

const files = import.meta.glob<TranslationTree>('/src/locales/*/*.json', { eager: true, import: 'default' });

function load(language: string, namespace: string): Record<string, string> {
  const tree = files[`/src/locales/${language}/${namespace}.json`];
  return tree ? flatten(tree) : {};
}

const namespaces = [...new Set(Object.keys(files).map((path) => /\/([^/]+)\.json$/.exec(path)?.[1] ?? ''))];
const english = (namespace: string) => load('en', namespace);

/** Base keys of English plural forms, e.g. 'summary.devices' for 'summary.devices_one'. */
function pluralBases(keys: Record<string, string>): Set<string> {
  return new Set(
    Object.keys(keys)
      .filter((key) => pluralCategory(key))
      .map(pluralBase),
  );
}

/** A language's keys, with plural forms replaced by their base so languages with other plural rules compare. */
function comparableKeys(keys: Record<string, string>): string[] {
  return [...new Set(Object.keys(keys).map((key) => (pluralCategory(key) ? pluralBase(key) : key)))].sort();
}

describe('translation files', () => {
  it('exist for every language and namespace', () => {
    expect(namespaces).toContain('common');
    for (const language of LANGUAGES) {
      for (const namespace of namespaces) {
        expect(files[`/src/locales/${language}/${namespace}.json`], `${language}/${namespace}.json`).toBeDefined();
      }
    }
  });

  it.each(LANGUAGES)('in %s have exactly the English keys in every namespace', (language) => {
    for (const namespace of namespaces) {
      expect(comparableKeys(load(language, namespace)), `${language}/${namespace}`).toEqual(
        comparableKeys(english(namespace)),
      );
    }
  });

  it.each(LANGUAGES)('in %s have no empty texts', (language) => {
    for (const namespace of namespaces) {
      for (const [key, text] of Object.entries(load(language, namespace))) {
        expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe('');
      }
    }
  });

  it.each(LANGUAGES)('in %s give every plural the forms its grammar needs and no others', (language) => {
    const needed = pluralCategoriesOf(language).filter((category) => category !== 'zero' && category !== 'two');
    for (const namespace of namespaces) {
      const keys = load(language, namespace);
      for (const base of pluralBases(english(namespace))) {
        const present = Object.keys(keys).filter((key) => pluralBase(key) === base && pluralCategory(key));
        const categories = present.map(pluralCategory);
        for (const category of new Set(['one', 'other', ...needed])) {
          expect(categories, `${language}/${namespace}:${base}_${category}`).toContain(category);
        }
        for (const category of categories) {
          expect(pluralCategoriesOf(language), `${language}/${namespace}:${base}`).toContain(category);
        }
      }
    }
  });

  it('give Polish plurals the _few and _many forms wherever English has _one/_other', () => {
    for (const namespace of namespaces) {
      const polish = load('pl', namespace);
      for (const base of pluralBases(english(namespace))) {
        expect(polish[`${base}_few`], `pl/${namespace}:${base}_few`).toBeDefined();
        expect(polish[`${base}_many`], `pl/${namespace}:${base}_many`).toBeDefined();
      }
    }
  });

  it.each(LANGUAGES)('in %s show the number a plural form is chosen by as {{count}}', (language) => {
    // i18next picks the form from `count`: a plural written with another variable ({{total}}) means its
    // caller passes no `count`, and every language falls back to one form.
    for (const namespace of namespaces) {
      for (const [key, text] of Object.entries(load(language, namespace))) {
        if (pluralCategory(key) === 'other')
          expect(placeholders(text), `${language}/${namespace}:${key}`).toContain('count');
      }
    }
  });

  it.each(LANGUAGES)('in %s use the same interpolation placeholders as English', (language) => {
    for (const namespace of namespaces) {
      const keys = load(language, namespace);
      const reference = english(namespace);
      for (const [key, text] of Object.entries(keys)) {
        const englishText = reference[key] ?? reference[`${pluralBase(key)}_other`] ?? '';
        expect(placeholders(text), `${language}/${namespace}:${key}`).toEqual(placeholders(englishText));
      }
    }
  });
});

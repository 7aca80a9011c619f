/** Helpers the locale consistency test uses to compare translation files across languages. */

export type TranslationTree = { [key: string]: string | TranslationTree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** { a: { b: 'x' } } → { 'a.b': 'x' }; non-string leaves are reported as '' so they fail the empty check. */
export function flatten(tree: TranslationTree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[path] = value;
    else if (value && typeof value === 'object') Object.assign(flat, flatten(value, path));
    else flat[path] = '';
  }
  return flat;
}

/** 'devices.count_few' → 'devices.count'. */
export function pluralBase(key: string): string {
  return key.replace(PLURAL_SUFFIX, '');
}

export function pluralCategory(key: string): string | null {
  return PLURAL_SUFFIX.exec(key)?.[1] ?? null;
}

/** '{{count}} devices, {{ name }}' → ['count', 'name'], sorted. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.-]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** The plural categories a language's grammar needs (Polish: one, few, many, other). */
export function pluralCategoriesOf(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
}

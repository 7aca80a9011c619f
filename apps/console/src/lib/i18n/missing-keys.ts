declare global {
  interface Window {
    /**
     * Every translation key the console looked up and found in no language (neither the user's,
     * nor the fallback, nor English), as 'namespace:key', in the order first met. The end-to-end
     * tests read it on every screen; in production it is a short list nobody reads.
     */
    farolaMissingKeys?: string[];
  }
}

/**
 * i18next's `missingKeyHandler`: called (with `saveMissing`) when a key resolves in no language
 * of the lookup, so the screen would show the raw key. Records it once and says so on the console.
 */
export function recordMissingKey(_languages: readonly string[], namespace: string, key: string): void {
  const missing = (window.farolaMissingKeys ??= []);
  const id = `${namespace}:${key}`;
  if (missing.includes(id)) return;
  missing.push(id);
  console.error(`Missing translation: ${id}`);
}

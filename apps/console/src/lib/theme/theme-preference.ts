import { atom } from 'jotai';
import type { ThemeMode } from './themes';

/** The localStorage key of the saved theme preference (spec §3 "Stored preferences"). */
export const THEME_STORAGE_KEY = 'theme';

/** The saved preference wins; without one the console is dark (spec §9). */
export function readThemePreference(storage: Pick<Storage, 'getItem'> = localStorage): ThemeMode {
  const saved = safeRead(storage, THEME_STORAGE_KEY);
  return saved === 'light' || saved === 'dark' ? saved : 'dark';
}

export function saveThemePreference(mode: ThemeMode, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Private browsing may refuse storage; the theme still switches for this visit.
  }
}

function safeRead(storage: Pick<Storage, 'getItem'>, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

// Null until chosen in this visit, so the saved preference is read when the theme is first needed.
const themeModeBaseAtom = atom<ThemeMode | null>(null);

/** The current theme; writing it also persists the choice. */
export const themeModeAtom = atom(
  (get) => get(themeModeBaseAtom) ?? readThemePreference(),
  (_get, set, mode: ThemeMode) => {
    saveThemePreference(mode);
    set(themeModeBaseAtom, mode);
  },
);

import { createDarkTheme, createLightTheme, type Theme } from '@fluentui/react-components';
import { FAROLA_COLORS, farolaBrand } from './palette';
import { FAROLA_TOKEN_NAMES } from './tokens';

export type ThemeMode = 'light' | 'dark';

/** Fluent's Theme plus Farola's own keys, which FluentProvider also emits as CSS variables. */
export type FarolaTheme = Theme & Record<(typeof FAROLA_TOKEN_NAMES)[keyof typeof FAROLA_TOKEN_NAMES], string>;

const farolaValues = {
  [FAROLA_TOKEN_NAMES.cancel]: FAROLA_COLORS.cancel,
  [FAROLA_TOKEN_NAMES.cancelHover]: FAROLA_COLORS.cancelHover,
  [FAROLA_TOKEN_NAMES.cancelPressed]: FAROLA_COLORS.cancelPressed,
  [FAROLA_TOKEN_NAMES.secondary]: FAROLA_COLORS.secondary,
  [FAROLA_TOKEN_NAMES.surfaceDark]: FAROLA_COLORS.surfaceDark,
  [FAROLA_TOKEN_NAMES.statusOn]: FAROLA_COLORS.statusOn,
  [FAROLA_TOKEN_NAMES.statusOff]: FAROLA_COLORS.statusOff,
  [FAROLA_TOKEN_NAMES.statusDisconnected]: FAROLA_COLORS.statusDisconnected,
};

// Dark text on the orange brand background reads far better than Fluent's default white.
const onBrand = { colorNeutralForegroundOnBrand: FAROLA_COLORS.onPrimary };

export const lightTheme: FarolaTheme = { ...createLightTheme(farolaBrand), ...onBrand, ...farolaValues };

const baseDark = createDarkTheme(farolaBrand);
export const darkTheme: FarolaTheme = {
  ...baseDark,
  ...onBrand,
  ...farolaValues,
  // The spec's dark surface, and the same orange for primary actions as in the light theme.
  colorNeutralBackground1: FAROLA_COLORS.surfaceDark,
  colorBrandBackground: farolaBrand[80],
  colorBrandBackgroundHover: farolaBrand[90],
  colorBrandBackgroundPressed: farolaBrand[70],
  colorCompoundBrandBackground: farolaBrand[80],
};

export const THEMES: Record<ThemeMode, FarolaTheme> = { light: lightTheme, dark: darkTheme };

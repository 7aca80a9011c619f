import { createDarkTheme, createLightTheme, type Theme } from '@fluentui/react-components';
import { FAROLA_COLORS, farolaBrand } from './palette';
import { FAROLA_TOKEN_NAMES } from './tokens';

export type ThemeMode = 'light' | 'dark';

/** Fluent's Theme plus Farola's own keys, which FluentProvider also emits as CSS variables. */
export type FarolaTheme = Theme & Record<(typeof FAROLA_TOKEN_NAMES)[keyof typeof FAROLA_TOKEN_NAMES], string>;

const farolaValues = {
  [FAROLA_TOKEN_NAMES.cancel]: FAROLA_COLORS.cancel,
  [FAROLA_TOKEN_NAMES.onCancel]: FAROLA_COLORS.onCancel,
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

// On the light theme's near-white surfaces the primary orange reads at 2.6:1; brand text and links
// take darker steps of the ramp so they reach WCAG AA's 4.5:1 (checked by the axe end-to-end test).
const readableBrandOnLight = {
  colorBrandForeground1: farolaBrand[50],
  colorBrandForeground2: farolaBrand[40],
  colorBrandForeground2Hover: farolaBrand[30],
  colorBrandForeground2Pressed: farolaBrand[20],
  colorBrandForegroundLink: farolaBrand[50],
  colorBrandForegroundLinkHover: farolaBrand[40],
  colorBrandForegroundLinkPressed: farolaBrand[30],
  colorBrandForegroundLinkSelected: farolaBrand[50],
  colorCompoundBrandForeground1: farolaBrand[50],
  colorCompoundBrandForeground1Hover: farolaBrand[40],
  colorCompoundBrandForeground1Pressed: farolaBrand[30],
};

export const lightTheme: FarolaTheme = {
  ...createLightTheme(farolaBrand),
  ...onBrand,
  ...readableBrandOnLight,
  ...farolaValues,
};

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

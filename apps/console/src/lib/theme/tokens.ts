/**
 * Farola's own design tokens. FluentProvider turns every key of the theme object into a CSS
 * variable, so the themes in `themes.ts` carry these keys and styles reference them as
 * `var(--name)`, exactly like Fluent's own `tokens`.
 */
export const FAROLA_TOKEN_NAMES = {
  cancel: 'farolaColorCancel',
  onCancel: 'farolaColorOnCancel',
  cancelHover: 'farolaColorCancelHover',
  cancelPressed: 'farolaColorCancelPressed',
  secondary: 'farolaColorSecondary',
  surfaceDark: 'farolaColorSurfaceDark',
  statusOn: 'farolaColorStatusOn',
  statusOff: 'farolaColorStatusOff',
  statusDisconnected: 'farolaColorStatusDisconnected',
} as const;

type FarolaTokenKey = keyof typeof FAROLA_TOKEN_NAMES;

/** CSS variable references for makeStyles, e.g. `{ backgroundColor: farolaTokens.cancel }`. */
export const farolaTokens = Object.fromEntries(
  Object.entries(FAROLA_TOKEN_NAMES).map(([key, name]) => [key, `var(--${name})`]),
) as Record<FarolaTokenKey, string>;

/** The colour that marks a device's state on the map and in lists. */
export type DeviceStatusColor = 'on' | 'off' | 'disconnected';

export const deviceStatusTokens: Record<DeviceStatusColor, string> = {
  on: farolaTokens.statusOn,
  off: farolaTokens.statusOff,
  disconnected: farolaTokens.statusDisconnected,
};

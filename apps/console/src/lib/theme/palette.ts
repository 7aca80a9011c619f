import type { BrandVariants } from '@fluentui/react-components';

/**
 * Spec §9's colours. This folder is the only place raw colour values may appear; everything else
 * reads them through Fluent tokens or `farolaTokens`.
 */
export const FAROLA_COLORS = {
  primary: '#F6A400',
  secondary: '#CCCCCC',
  cancel: '#FF0000',
  // Black on the spec's red reads at 5.3:1 (white only 4.0:1, under WCAG's 4.5:1); hover and press
  // lighten the red, so the same black text keeps its contrast.
  onCancel: '#000000',
  cancelHover: '#FF3B3B',
  cancelPressed: '#FF6161',
  surfaceDark: '#333333',
  onPrimary: '#1A1A1A',
  statusOn: '#F6A400',
  statusOff: '#8A8A8A',
  statusDisconnected: '#D13438',
} as const;

/** Fluent's 16-step brand ramp, built so step 80 (the light theme's brand background) is the primary orange. */
export const farolaBrand: BrandVariants = {
  10: '#0A0600',
  20: '#2C1D00',
  30: '#4D3300',
  40: '#6F4A00',
  50: '#916000',
  60: '#B37700',
  70: '#D48D00',
  80: '#F6A400',
  90: '#F7AE1C',
  100: '#F8B838',
  110: '#F9C254',
  120: '#FACC70',
  130: '#FBD68C',
  140: '#FCE0A8',
  150: '#FDEAC4',
  160: '#FFF4E0',
};

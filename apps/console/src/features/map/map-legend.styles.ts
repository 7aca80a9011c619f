import { makeStyles, tokens } from '@fluentui/react-components';
import { deviceStatusTokens } from '@/lib/theme/tokens';

// The swatches draw what draw-fleet.ts draws on the canvas.
export const useMapLegendStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  swatch: {
    width: '12px',
    height: '12px',
    margin: '3px',
    borderRadius: tokens.borderRadiusCircular,
    boxSizing: 'border-box',
    flexShrink: 0,
  },
  on: { backgroundColor: deviceStatusTokens.on },
  off: { backgroundColor: deviceStatusTokens.off },
  disconnected: { border: `2.5px solid ${deviceStatusTokens.disconnected}` },
  alarm: { backgroundColor: deviceStatusTokens.off, outline: `3px solid ${tokens.colorPaletteBerryForeground1}` },
  notReady: {
    backgroundColor: deviceStatusTokens.on,
    outline: `2px dashed ${tokens.colorNeutralForeground1}`,
    outlineOffset: '2px',
  },
  cabinet: { width: '14px', height: '14px', margin: '2px', borderRadius: 0, backgroundColor: deviceStatusTokens.on },
  selected: {
    backgroundColor: deviceStatusTokens.on,
    outline: `3px solid ${tokens.colorBrandForeground1}`,
    outlineOffset: '3px',
  },
  cluster: {
    width: '18px',
    height: '18px',
    margin: 0,
    border: `4px solid ${deviceStatusTokens.on}`,
    borderRightColor: deviceStatusTokens.off,
    borderBottomColor: deviceStatusTokens.disconnected,
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

import { makeStyles, tokens } from '@fluentui/react-components';
import { deviceStatusTokens } from '@/lib/theme/tokens';

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
  swatch: { width: '12px', height: '12px', borderRadius: tokens.borderRadiusCircular, boxSizing: 'border-box' },
  on: { backgroundColor: deviceStatusTokens.on },
  off: { backgroundColor: deviceStatusTokens.off },
  disconnected: { border: `2px solid ${deviceStatusTokens.disconnected}` },
  cabinet: { width: '18px', height: '18px', border: `3px dashed ${deviceStatusTokens.off}` },
});

import { makeStyles, tokens } from '@fluentui/react-components';

export const useQueuedRequestsStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
  },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  check: { width: '44px' },
  progress: { minWidth: '120px' },
  error: { color: tokens.colorPaletteRedForeground1 },
  note: { color: tokens.colorStatusWarningForeground1 },
});

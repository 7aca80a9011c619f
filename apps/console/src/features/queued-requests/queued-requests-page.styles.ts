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
  table: { minWidth: '900px' },
  progress: { minWidth: '120px' },
  progressBar: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, width: '100%' },
  status: { flexGrow: 2 },
  error: { color: tokens.colorPaletteRedForeground1 },
  note: { color: tokens.colorStatusWarningForeground1 },
});

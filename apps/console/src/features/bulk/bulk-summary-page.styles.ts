import { makeStyles, tokens } from '@fluentui/react-components';

export const useBulkSummaryStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    maxWidth: '960px',
  },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  counts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXL, margin: 0 },
  count: {
    display: 'flex',
    flexDirection: 'column',
    '& dt': { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
    '& dd': { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  },
});

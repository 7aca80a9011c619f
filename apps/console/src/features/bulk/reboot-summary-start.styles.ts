import { makeStyles, tokens } from '@fluentui/react-components';

export const useRebootSummaryStartStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    maxWidth: '960px',
  },
  way: { display: 'flex', justifyContent: 'center' },
  jobs: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
  },
});

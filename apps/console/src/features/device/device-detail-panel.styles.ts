import { makeStyles, tokens } from '@fluentui/react-components';

export const useDeviceDetailPanelStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    minHeight: '100%',
    boxSizing: 'border-box',
  },
  // On a page of its own the page gives the margins; the view takes its whole width.
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
});

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
});

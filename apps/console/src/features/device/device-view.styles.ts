import { makeStyles, tokens } from '@fluentui/react-components';

export const useDeviceViewStyles = makeStyles({
  // A page of its own: the device, its commands and requests in a column beside the tabs, which
  // take the rest of the width; one column under it on narrow screens.
  page: {
    display: 'grid',
    gridTemplateColumns: 'minmax(320px, 420px) minmax(0, 1fr)',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalXXXL,
    rowGap: tokens.spacingVerticalL,
    '@media (max-width: 1023px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
});

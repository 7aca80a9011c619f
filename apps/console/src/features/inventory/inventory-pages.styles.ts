import { makeStyles, tokens } from '@fluentui/react-components';

export const useInventoryPagesStyles = makeStyles({
  details: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
  },
  // The section's gap spaces the breadcrumb, the title and the device: no browser margin besides.
  title: { margin: 0 },
});

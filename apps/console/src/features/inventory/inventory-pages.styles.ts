import { makeStyles, tokens } from '@fluentui/react-components';

export const useInventoryPagesStyles = makeStyles({
  details: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
  },
});

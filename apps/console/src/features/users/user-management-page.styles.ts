import { makeStyles, tokens } from '@fluentui/react-components';

export const useUserManagementPageStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    maxWidth: '1200px',
  },
  columns: {
    display: 'grid',
    gridTemplateColumns: 'minmax(260px, 360px) minmax(0, 1fr)',
    alignItems: 'start',
    gap: tokens.spacingHorizontalXXL,
    '@media (max-width: 800px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

import { makeStyles, tokens } from '@fluentui/react-components';

export const useErrorPageStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    minHeight: '60vh',
    padding: tokens.spacingVerticalXXL,
    textAlign: 'center',
  },
  icon: { fontSize: '64px', color: tokens.colorBrandForeground1 },
});

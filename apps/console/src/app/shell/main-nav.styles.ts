import { makeStyles, tokens } from '@fluentui/react-components';
import { farolaTokens } from '@/lib/theme/tokens';

export const useMainNavStyles = makeStyles({
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  link: {
    display: 'block',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    color: farolaTokens.secondary,
    textDecoration: 'none',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  active: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
});

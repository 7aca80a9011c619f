import { makeStyles, tokens } from '@fluentui/react-components';
import { farolaTokens } from '@/lib/theme/tokens';

export const useAppHeaderStyles = makeStyles({
  theme: { backgroundColor: farolaTokens.surfaceDark },
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: farolaTokens.surfaceDark,
    color: farolaTokens.secondary,
    borderBottom: `${tokens.strokeWidthThick} solid ${tokens.colorBrandBackground}`,
  },
  brand: {
    // The product name is set in the self-hosted Poppins face (spec §1 "decorative web font").
    flexShrink: 0,
    fontFamily: "'Poppins', sans-serif",
    fontWeight: 600,
    fontSize: tokens.fontSizeBase500,
    color: tokens.colorBrandForeground1,
    textDecoration: 'none',
  },
  // The controls keep their width; the navigation gives way (its links go into 'More').
  tools: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, marginLeft: 'auto', flexShrink: 0 },
});

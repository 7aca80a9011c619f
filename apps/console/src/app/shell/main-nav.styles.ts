import { makeStyles, tokens } from '@fluentui/react-components';
import { farolaTokens } from '@/lib/theme/tokens';

export const useMainNavStyles = makeStyles({
  nav: { flex: '1 1 auto', minWidth: 0 },
  // Clips what might still overflow, and holds the links set aside; the padding keeps a link's
  // focus outline inside.
  list: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    overflow: 'hidden',
    listStyle: 'none',
    margin: 0,
    padding: tokens.spacingHorizontalXXS,
  },
  item: { flexShrink: 0 },
  // Out of the line, sight and tab order, but measurable.
  aside: { position: 'absolute', visibility: 'hidden' },
  link: {
    display: 'block',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    color: farolaTokens.secondary,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  active: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  more: {
    border: 'none',
    backgroundColor: 'transparent',
    font: 'inherit',
    cursor: 'pointer',
    // A chevron drawn with borders: no text a screen reader would add to the button's name.
    '::after': {
      content: '""',
      display: 'inline-block',
      width: '5px',
      height: '5px',
      marginLeft: tokens.spacingHorizontalSNudge,
      borderRight: `${tokens.strokeWidthThick} solid currentColor`,
      borderBottom: `${tokens.strokeWidthThick} solid currentColor`,
      transform: 'translateY(-3px) rotate(45deg)',
    },
  },
});

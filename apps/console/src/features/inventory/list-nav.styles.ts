import { makeStyles, tokens } from '@fluentui/react-components';

// Drawn as Fluent's tabs look (an underline marks the current one), from the same tokens: these
// are links between lists, and a tab list would announce tabs that control no tab panel.
export const useListNavStyles = makeStyles({
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  link: {
    position: 'relative',
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalMNudge}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    textDecoration: 'none',
    ':hover': { color: tokens.colorNeutralForeground2Hover, backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
    '::after': {
      content: '""',
      position: 'absolute',
      left: tokens.spacingHorizontalMNudge,
      right: tokens.spacingHorizontalMNudge,
      bottom: 0,
      height: tokens.strokeWidthThicker,
      borderRadius: tokens.borderRadiusCircular,
    },
  },
  small: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalSNudge}`,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    '::after': { left: tokens.spacingHorizontalSNudge, right: tokens.spacingHorizontalSNudge },
  },
  current: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    '::after': { backgroundColor: tokens.colorCompoundBrandStroke },
  },
});

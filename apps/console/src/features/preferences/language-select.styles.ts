import { makeStyles, tokens } from '@fluentui/react-components';

// Fluent's outline Select, drawn on the native element: the language list needs no more, and
// Fluent's Select would bring its field machinery to the first screen.
export const useLanguageSelectStyles = makeStyles({
  root: {
    height: '32px',
    padding: `0 ${tokens.spacingHorizontalS}`,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    ':hover': {
      borderTopColor: tokens.colorNeutralStroke1Hover,
      borderRightColor: tokens.colorNeutralStroke1Hover,
      borderLeftColor: tokens.colorNeutralStroke1Hover,
      borderBottomColor: tokens.colorNeutralStrokeAccessibleHover,
    },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '1px',
    },
  },
});

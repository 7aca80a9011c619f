import { makeStyles, tokens } from '@fluentui/react-components';

export const useUserPermissionsSectionStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    minWidth: 0,
    padding: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  heading: { margin: 0 },
  user: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    columnGap: tokens.spacingHorizontalS,
    margin: `${tokens.spacingVerticalXS} 0 0`,
  },
  secondary: { color: tokens.colorNeutralForeground2 },
  empty: { margin: 0, color: tokens.colorNeutralForeground2 },
});

import { makeStyles, tokens } from '@fluentui/react-components';

export const useRequestRowStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  progress: { gridColumn: '1 / -1' },
  error: { gridColumn: '1 / -1', color: tokens.colorPaletteRedForeground1 },
  note: { gridColumn: '1 / -1', color: tokens.colorStatusWarningForeground1 },
});

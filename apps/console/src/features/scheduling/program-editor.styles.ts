import { makeStyles, tokens } from '@fluentui/react-components';

export const useProgramEditorStyles = makeStyles({
  surface: { maxWidth: 'min(920px, calc(100vw - 32px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  intervals: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalS,
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalS,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, 1.2fr) minmax(110px, 1fr) minmax(110px, 1fr) minmax(110px, 1fr) auto',
    alignItems: 'start',
    gap: tokens.spacingHorizontalS,
    width: '100%',
  },
  remove: { marginTop: '22px' },
  hint: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

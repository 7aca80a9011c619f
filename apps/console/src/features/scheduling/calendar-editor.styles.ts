import { makeStyles, tokens } from '@fluentui/react-components';

export const useCalendarEditorStyles = makeStyles({
  surface: { maxWidth: 'min(980px, calc(100vw - 32px))', width: '100%' },
  rule: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    width: '100%',
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  ruleFields: {
    display: 'grid',
    gridTemplateColumns: 'minmax(130px, 1fr) minmax(140px, 1fr) minmax(140px, 1fr) minmax(160px, 1.4fr) auto',
    alignItems: 'start',
    gap: tokens.spacingHorizontalS,
  },
  weekdaysField: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  weekdaysLabel: { fontSize: tokens.fontSizeBase300 },
  weekdays: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

import { makeStyles, tokens } from '@fluentui/react-components';

export const useBarChartStyles = makeStyles({
  // Room under the labels before whatever follows (the next chart's heading).
  chart: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    minWidth: 0,
    marginBlockEnd: tokens.spacingVerticalL,
  },
  plot: {
    display: 'flex',
    alignItems: 'flex-end',
    height: '120px',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  column: { flex: '1 1 0', minWidth: 0, height: '100%', display: 'flex', alignItems: 'flex-end' },
  bar: {
    width: '80%',
    marginInline: 'auto',
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: `${tokens.borderRadiusSmall} ${tokens.borderRadiusSmall} 0 0`,
  },
  labels: { display: 'flex' },
  // Each label is centred under its bar and keeps its natural width (it may reach over the
  // neighbours' cells, which then show none: see useLabelStep).
  labelCell: { flex: '1 1 0', minWidth: 0, display: 'flex', justifyContent: 'center', overflow: 'visible' },
  label: {
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  skipped: { visibility: 'hidden' },
});

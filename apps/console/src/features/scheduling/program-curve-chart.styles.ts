import { makeStyles, tokens } from '@fluentui/react-components';

export const useProgramCurveChartStyles = makeStyles({
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  chart: { width: '100%', height: '200px', position: 'relative' },
  caption: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

import { useRef } from 'react';
import { useMeasureChartStyles } from './measure-chart.styles';
import type { MeasurePoint } from './measure-series';
import { useMeasureChart } from './use-measure-chart';

export interface MeasureChartProps {
  points: readonly MeasurePoint[];
  seriesKey: string;
  language: string;
  /** Names the chart for assistive technology. */
  label: string;
  /** The text alternative shown under the chart: the latest value and the range. */
  summary: string;
}

/** A live line chart of one measure (lightweight-charts, in its own chunk), with its text alternative. */
export function MeasureChart({ points, seriesKey, language, label, summary }: MeasureChartProps) {
  const styles = useMeasureChartStyles();
  const container = useRef<HTMLDivElement>(null);
  useMeasureChart(container, points, seriesKey, language);
  return (
    <figure className={styles.figure} aria-label={label}>
      <div ref={container} className={styles.chart} data-testid="measure-chart" data-points={points.length} />
      <figcaption className={styles.caption} data-testid="measure-chart-summary">
        {summary}
      </figcaption>
    </figure>
  );
}

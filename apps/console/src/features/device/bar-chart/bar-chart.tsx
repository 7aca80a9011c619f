import { mergeClasses } from '@fluentui/react-components';
import { useRef } from 'react';
import { useBarChartStyles } from './bar-chart.styles';
import { useLabelStep } from './use-label-step';

export interface Bar {
  key: string;
  /** Under the bar, when there is room for it. */
  label: string;
  value: number;
  /** Shown on hover: the period in full and its value in words. */
  description: string;
}

/**
 * A bar chart whose axis labels stay readable at any width and in any language: they keep their
 * font size, and when they do not all fit only every second (third, …) one is shown.
 */
export function BarChart({ bars, label }: { bars: readonly Bar[]; label: string }) {
  const styles = useBarChartStyles();
  const chart = useRef<HTMLDivElement>(null);
  const step = useLabelStep(chart, bars.length, bars.map((bar) => bar.label).join('\n'));
  const max = Math.max(...bars.map((bar) => bar.value), 0) || 1;
  return (
    <div className={styles.chart} ref={chart} role="img" aria-label={label} data-testid="bar-chart">
      <div className={styles.plot}>
        {bars.map((bar) => (
          <div key={bar.key} className={styles.column} title={bar.description}>
            {/* The bar's height is its share of the largest value: data, not style. */}
            <div className={styles.bar} style={{ height: `${(bar.value / max) * 100}%` }} />
          </div>
        ))}
      </div>
      <div className={styles.labels}>
        {bars.map((bar, index) => (
          <div key={bar.key} className={styles.labelCell}>
            <span
              data-bar-label
              data-testid="bar-label"
              className={mergeClasses(styles.label, index % step !== 0 && styles.skipped)}
            >
              {bar.label}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  svg: { width: '100%', height: '140px', display: 'block' },
  bar: { fill: tokens.colorBrandBackground },
  axis: { stroke: tokens.colorNeutralStroke1 },
  label: { fill: tokens.colorNeutralForeground2, fontSize: '9px' },
});

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** Read by screen readers and shown on hover. */
  description: string;
}

const HEIGHT = 120;

/** A simple bar chart; each bar carries its value in words for hover and assistive technology. */
export function BarChart({ bars, label }: { bars: readonly Bar[]; label: string }) {
  const styles = useStyles();
  const max = Math.max(...bars.map((bar) => bar.value), 0) || 1;
  const width = 100 / Math.max(bars.length, 1);
  return (
    <svg
      className={styles.svg}
      viewBox={`0 0 100 ${HEIGHT + 16}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      {bars.map((bar, i) => {
        const height = (bar.value / max) * HEIGHT;
        return (
          <g key={bar.key}>
            <rect
              className={styles.bar}
              x={i * width + width * 0.1}
              y={HEIGHT - height}
              width={width * 0.8}
              height={height}
            >
              <title>{bar.description}</title>
            </rect>
            <text className={styles.label} x={i * width + width / 2} y={HEIGHT + 12} textAnchor="middle">
              {bar.label}
            </text>
          </g>
        );
      })}
      <line className={styles.axis} x1={0} x2={100} y1={HEIGHT} y2={HEIGHT} strokeWidth={0.3} />
    </svg>
  );
}

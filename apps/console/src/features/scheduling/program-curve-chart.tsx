import { tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import {
  ColorType,
  createChart,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { resolveToken } from '@/lib/theme/resolve-token';
import { themeModeAtom } from '@/lib/theme/theme-preference';
import { useProgramCurveChartStyles } from './program-curve-chart.styles';

/** The night the curve is drawn on starts at this noon (UTC, so that labels need no time zone). */
const NOON_SECONDS = Date.UTC(2026, 2, 20, 12) / 1000;

export interface ProgramCurveChartProps {
  /** The level at each minute from noon to noon (`curveLevels`). */
  levels: readonly number[];
  language: string;
  /** Names the chart for assistive technology. */
  label: string;
  /** The text alternative under the chart: each interval in the order it runs. */
  summary: string;
}

/** A control program's dimming curve over one night (lightweight-charts, in its own chunk), redrawn on every edit. */
export function ProgramCurveChart({ levels, language, label, summary }: ProgramCurveChartProps) {
  const styles = useProgramCurveChartStyles();
  const container = useRef<HTMLDivElement>(null);
  const drawn = useRef<{ chart: IChartApi; series: ISeriesApi<'Line'> } | null>(null);
  const theme = useAtomValue(themeModeAtom);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, { autoSize: true, handleScroll: false, handleScale: false });
    const series = chart.addSeries(LineSeries, {
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
      // Always the whole range of levels, so that a program at 60 % does not fill the chart.
      autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
    });
    drawn.current = { chart, series };
    return () => {
      drawn.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const element = container.current;
    const current = drawn.current;
    if (!element || !current) return;
    const color = (token: string) => resolveToken(element, token);
    const clock = new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: 'UTC' });
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
    const format = (time: Time) => clock.format(new Date((time as number) * 1000));
    current.chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: color(tokens.colorNeutralBackground1) },
        textColor: color(tokens.colorNeutralForeground2),
        fontFamily: color(tokens.fontFamilyBase),
      },
      grid: {
        vertLines: { color: color(tokens.colorNeutralStroke3) },
        horzLines: { color: color(tokens.colorNeutralStroke3) },
      },
      rightPriceScale: { borderColor: color(tokens.colorNeutralStroke2), scaleMargins: { top: 0.08, bottom: 0.04 } },
      timeScale: { borderColor: color(tokens.colorNeutralStroke2), timeVisible: true, tickMarkFormatter: format },
      localization: {
        locale: language,
        timeFormatter: format,
        priceFormatter: (value: number) => percent.format(value / 100),
      },
    });
    current.series.applyOptions({ color: color(tokens.colorBrandForeground1) });
  }, [theme, language]);

  useEffect(() => {
    const current = drawn.current;
    if (!current) return;
    current.series.setData(
      levels.map((value, minute) => ({ time: (NOON_SECONDS + minute * 60) as UTCTimestamp, value })),
    );
    current.chart.timeScale().fitContent();
  }, [levels]);

  return (
    <figure className={styles.figure} aria-label={label}>
      <div ref={container} className={styles.chart} data-testid="program-curve" />
      <figcaption className={styles.caption} data-testid="program-curve-summary">
        {summary}
      </figcaption>
    </figure>
  );
}

import { tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import {
  ColorType,
  createChart,
  LineSeries,
  TickMarkType,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, type RefObject } from 'react';
import { resolveToken } from '@/lib/theme/resolve-token';
import { themeModeAtom } from '@/lib/theme/theme-preference';
import type { MeasurePoint } from './measure-series';

interface Drawn {
  chart: IChartApi;
  series: ISeriesApi<'Line'>;
  /** The series key last drawn with `setData`; another key redraws the whole series. */
  key: string | null;
}

const dateOf = (time: Time) => new Date((time as number) * 1000);

/** Tick labels in the user's language and time zone (lightweight-charts formats in UTC otherwise). */
function tickFormatter(language: string) {
  const formats: Record<TickMarkType, Intl.DateTimeFormat> = {
    [TickMarkType.Year]: new Intl.DateTimeFormat(language, { year: 'numeric' }),
    [TickMarkType.Month]: new Intl.DateTimeFormat(language, { month: 'short' }),
    [TickMarkType.DayOfMonth]: new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' }),
    [TickMarkType.Time]: new Intl.DateTimeFormat(language, { timeStyle: 'short' }),
    [TickMarkType.TimeWithSeconds]: new Intl.DateTimeFormat(language, { timeStyle: 'medium' }),
  };
  return (time: Time, type: TickMarkType) => formats[type].format(dateOf(time));
}

function themeOptions(element: Element, language: string) {
  const color = (token: string) => resolveToken(element, token);
  const crosshair = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' });
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
  return {
    layout: {
      background: { type: ColorType.Solid, color: color(tokens.colorNeutralBackground1) },
      textColor: color(tokens.colorNeutralForeground2),
      fontFamily: color(tokens.fontFamilyBase),
    },
    grid: {
      vertLines: { color: color(tokens.colorNeutralStroke3) },
      horzLines: { color: color(tokens.colorNeutralStroke3) },
    },
    rightPriceScale: { borderColor: color(tokens.colorNeutralStroke2) },
    timeScale: {
      borderColor: color(tokens.colorNeutralStroke2),
      timeVisible: true,
      tickMarkFormatter: tickFormatter(language),
    },
    localization: {
      locale: language,
      timeFormatter: (time: Time) => crosshair.format(dateOf(time)),
      priceFormatter: (value: number) => numbers.format(value),
    },
  };
}

const toData = (point: MeasurePoint) => ({ time: point.time as UTCTimestamp, value: point.value });

/**
 * Draws `points` as a line in `container` with lightweight-charts, in the theme's colours and the
 * user's language; follows the container's size and is removed on unmount. A new `seriesKey`
 * redraws the series; otherwise only the newest point is appended (or replaced in its second).
 */
export function useMeasureChart(
  container: RefObject<HTMLDivElement | null>,
  points: readonly MeasurePoint[],
  seriesKey: string,
  language: string,
) {
  const theme = useAtomValue(themeModeAtom);
  const drawn = useRef<Drawn | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, { autoSize: true, handleScroll: false, handleScale: false });
    const color = resolveToken(element, tokens.colorBrandForeground1);
    const series = chart.addSeries(LineSeries, { color, lineWidth: 2, priceLineVisible: false });
    drawn.current = { chart, series, key: null };
    return () => {
      drawn.current = null;
      chart.remove();
    };
  }, [container]);

  useEffect(() => {
    const element = container.current;
    const current = drawn.current;
    if (!element || !current) return;
    current.chart.applyOptions(themeOptions(element, language));
    current.series.applyOptions({ color: resolveToken(element, tokens.colorBrandForeground1) });
  }, [container, theme, language]);

  useEffect(() => {
    const current = drawn.current;
    if (!current) return;
    if (current.key !== seriesKey) {
      current.series.setData(points.map(toData));
      current.chart.timeScale().fitContent();
      current.key = seriesKey;
      return;
    }
    const last = points.at(-1);
    if (last) current.series.update(toData(last));
  }, [points, seriesKey]);
}

import { attributeUnit, type Device } from '@farola/protocol';
import { Field, Select, Spinner } from '@fluentui/react-components';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format/format-value';
import {
  LOGGED_MEASURES,
  reportedMeasures,
  summariseSeries,
  type ChartMeasure,
  type MeasurePoint,
} from './measure-series';
import { useMeasureSeries } from './use-measure-series';

// lightweight-charts is loaded only when a device's measures are shown.
const MeasureChart = lazy(() => import('./measure-chart').then((m) => ({ default: m.MeasureChart })));

const DEFAULT_MEASURE: ChartMeasure = 'instantaneousActivePower';

/** The chosen measure over the last day and live, above the measures list. */
export function MeasureChartSection({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('device-detail');
  const measures = reportedMeasures(device.attributes);
  const [chosen, setChosen] = useState<ChartMeasure>(DEFAULT_MEASURE);
  const measure = measures.includes(chosen) ? chosen : (measures[0] ?? DEFAULT_MEASURE);
  const { points, key } = useMeasureSeries(device, measure);
  const summary = useSummary(points, measure);
  if (measures.length === 0) return null;
  const name = t(`attribute.${measure}`);
  return (
    <section>
      <Field
        label={t('measures.chart.select')}
        {...(LOGGED_MEASURES.has(measure) && { hint: t('measures.chart.history') })}
      >
        <Select value={measure} onChange={(_, data) => setChosen(data.value as ChartMeasure)}>
          {measures.map((key) => (
            <option key={key} value={key}>
              {t(`attribute.${key}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Suspense fallback={<Spinner size="small" label={t('measures.chart.loading')} />}>
        <MeasureChart
          points={points}
          seriesKey={key}
          language={i18n.language}
          label={t('measures.chart.label', { measure: name })}
          summary={summary}
        />
      </Suspense>
    </section>
  );
}

function useSummary(points: readonly MeasurePoint[], measure: ChartMeasure): string {
  const { t, i18n } = useTranslation('device-detail');
  const summary = summariseSeries(points);
  if (!summary) return t('measures.chart.empty');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const unit = attributeUnit(measure);
  const value = (n: number) => (unit ? `${number.format(n)} ${unit}` : number.format(n));
  return t('measures.chart.summary', {
    latest: value(summary.latest.value),
    time: formatDateTime(new Date(summary.latest.time * 1000).toISOString(), i18n.language),
    min: value(summary.min),
    max: value(summary.max),
    count: summary.count,
  });
}

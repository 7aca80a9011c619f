import type { Device } from '@farola/protocol';
import { Spinner, Subtitle2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { errorMessage } from '@/lib/api/error-message';
import { BarChart, type Bar } from '../bar-chart/bar-chart';
import { summarise, type Bucket } from '../history-summary';
import { UploadLogButton } from '../upload-log-button';
import { useDeviceHistory } from '../use-device-history';

/** Energy per month over the last 12 months and per day of this month, from the logged hourly records. */
export function ConsumptionTab({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('device-detail');
  const { t: tErrors } = useTranslation('errors');
  const { history, from, upload } = useDeviceHistory(device);
  const kwh = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  // Short labels under the bars (the month's abbreviation, the day's number); the period in full on hover.
  const toBars = (buckets: Bucket[], label: Intl.DateTimeFormatOptions, period: Intl.DateTimeFormatOptions): Bar[] => {
    const format = new Intl.DateTimeFormat(i18n.language, { ...label, timeZone: 'UTC' });
    const formatPeriod = new Intl.DateTimeFormat(i18n.language, { ...period, timeZone: 'UTC' });
    return buckets.map((bucket) => ({
      key: bucket.start,
      label: format.format(new Date(bucket.start)),
      value: bucket.energy,
      description: t('consumption.bar', {
        period: formatPeriod.format(new Date(bucket.start)),
        energy: kwh.format(bucket.energy),
        hours: bucket.hours,
      }),
    }));
  };
  const content = () => {
    if (history.isPending) return <Spinner size="small" />;
    if (history.isError) return <EmptyState title={errorMessage(tErrors, history.error)} />;
    if (history.data.length === 0) return <EmptyState title={t('empty.noData')} description={t('history.none')} />;
    const { months, days } = summarise(history.data, new Date());
    return (
      <>
        <Subtitle2 as="h3">{t('consumption.months')}</Subtitle2>
        <BarChart
          label={t('consumption.months')}
          bars={toBars(months, { month: 'short' }, { month: 'long', year: 'numeric' })}
        />
        <Subtitle2 as="h3">{t('consumption.days')}</Subtitle2>
        <BarChart label={t('consumption.days')} bars={toBars(days, { day: 'numeric' }, { dateStyle: 'long' })} />
      </>
    );
  };
  return (
    <>
      {content()}
      <UploadLogButton device={device} from={from} upload={upload} />
    </>
  );
}

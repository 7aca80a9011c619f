import type { AttributeKey, Device } from '@farola/protocol';
import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { FieldList, type FieldRow } from '@/components/field-list';
import { errorMessage } from '@/lib/api/error-message';
import { formatAttribute } from '@/lib/format/format-value';
import { useValueFormat } from '@/lib/format/use-value-format';
import { totals } from '../history-summary';
import { UploadLogButton } from '../upload-log-button';
import { useDeviceHistory } from '../use-device-history';

const COUNTERS: readonly AttributeKey[] = [
  'operatingHours',
  'estimatedOperatingHours',
  'totalActiveEnergy',
  'estimatedTotalActiveEnergy',
  'estimatedCumulativePower',
];

/** Operating hours and energy: the device's own counters, and totals over the logged last 12 months. */
export function StatsTab({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const format = useValueFormat();
  const { history, from, upload } = useDeviceHistory(device);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const counters: FieldRow[] = COUNTERS.filter((key) => device.attributes[key] !== undefined).map((key) => ({
    key,
    label: tDevice(`device-detail:attribute.${key}`),
    value: formatAttribute(key, device.attributes, format),
  }));
  const logged = (): FieldRow[] => {
    if (!history.data || history.data.length === 0) return [];
    const sum = totals(history.data);
    return [
      { key: 'energy', testId: 'stats-energy', label: t('stats.energy'), value: `${number.format(sum.energy)} kWh` },
      { key: 'operating', label: t('stats.operatingHours'), value: `${number.format(sum.operatingHours)} h` },
      { key: 'on', label: t('stats.onHours'), value: `${number.format(sum.onHours)} h` },
      { key: 'logged', label: t('stats.loggedHours'), value: `${sum.loggedHours} h` },
      ...(sum.meanDimming === null
        ? []
        : [{ key: 'dimming', label: t('stats.meanDimming'), value: `${number.format(sum.meanDimming)} %` }]),
    ];
  };
  const rows = [...counters, ...logged()];
  return (
    <>
      {history.isPending && <Spinner size="small" />}
      {history.isError && <EmptyState title={errorMessage(tErrors, history.error)} />}
      {rows.length > 0 ? <FieldList rows={rows} /> : !history.isPending && <EmptyState title={t('empty.noData')} />}
      <UploadLogButton device={device} from={from} upload={upload} />
    </>
  );
}

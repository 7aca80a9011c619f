import { ATTRIBUTE_KEYS, type AttributeKey, type Device } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { FieldList } from '@/components/field-list';
import { formatAttribute, formatDateTime } from '@/lib/format/format-value';
import { useValueFormat } from '@/lib/format/use-value-format';
import { MeasureChartSection } from './measure-chart/measure-chart-section';

/** Settings a device reports beside its measures; they belong to the Parameters tab, not here. */
const SETTINGS: ReadonlySet<AttributeKey> = new Set<AttributeKey>(['configuration']);

/** A live chart of a chosen measure, then every measure the device has reported, live, with its unit. */
export function MeasuresTab({ device }: { device: Device }) {
  const { t } = useTranslation('device');
  const format = useValueFormat();
  const reported = ATTRIBUTE_KEYS.filter((key) => device.attributes[key] !== undefined && !SETTINGS.has(key));
  if (reported.length === 0) return <EmptyState title={t('device-detail:measures.empty')} />;
  const rows = reported.map((key) => ({
    key,
    testId: `attr-${key}`,
    label: t(`device-detail:attribute.${key}`),
    value: formatAttribute(key, device.attributes, format),
  }));
  return (
    <>
      <MeasureChartSection device={device} />
      {device.attributesUpdatedAt && (
        <p>
          {t('device-detail:measures.updatedAt', { date: formatDateTime(device.attributesUpdatedAt, format.language) })}
        </p>
      )}
      <FieldList rows={rows} />
    </>
  );
}

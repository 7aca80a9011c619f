import type { Device } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { FieldList } from '@/components/field-list';
import { formatAttribute } from '@/lib/format/format-value';
import { useValueFormat } from '@/lib/format/use-value-format';
import { CabinetPowerTable } from './cabinet-power-table';

const LEVELS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

/**
 * The power a luminaire draws at each dimming level, between the minimum and maximum power
 * measured when it was installed (a driver's power grows about linearly with its level).
 */
export function powerAtLevel(minPower: number, maxPower: number, level: number): number {
  return minPower + ((maxPower - minPower) * level) / 100;
}

/**
 * A cabinet's configured power table, editable; a light point's luminaire: its identified type,
 * rated (maximum) and minimum power, and power by dimming level.
 */
export function PowerTableTab({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  if (device.deviceType === 'cabinet-controller') {
    const reported = device.attributes.configuration;
    if (!reported) return <EmptyState title={t('empty.noData')} description={t('parameters.notReported')} />;
    return <CabinetPowerTable device={device} reported={reported} />;
  }
  return <LuminairePowerTable device={device} />;
}

function LuminairePowerTable({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const format = useValueFormat();
  const { minPower, maxPower } = device.attributes;
  if (minPower === undefined || maxPower === undefined) return <EmptyState title={t('powerTable.empty')} />;
  const watts = new Intl.NumberFormat(format.language, { maximumFractionDigits: 1 });
  const keys = ['identifiedLuminaireType', 'maxPower', 'minPower'] as const;
  return (
    <>
      <FieldList
        rows={keys
          .filter((key) => device.attributes[key] !== undefined)
          .map((key) => ({
            key,
            label: tDevice(`device-detail:attribute.${key}`),
            value: formatAttribute(key, device.attributes, format),
          }))}
      />
      <DataTable
        label={t('tab.powerTable')}
        testId="power-table"
        columns={[
          { id: 'level', header: t('powerTable.level'), cell: (level) => `${level} %` },
          {
            id: 'power',
            header: t('powerTable.power'),
            cell: (level) => `${watts.format(powerAtLevel(minPower, maxPower, level))} W`,
          },
        ]}
        items={LEVELS}
        getRowId={String}
      />
      <p>{t('powerTable.note')}</p>
    </>
  );
}

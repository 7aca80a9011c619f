import type { Device } from '@farola/protocol';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
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
      <Table size="small" aria-label={t('tab.powerTable')} data-testid="power-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('powerTable.level')}</TableHeaderCell>
            <TableHeaderCell>{t('powerTable.power')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {LEVELS.map((level) => (
            <TableRow key={level}>
              <TableCell>{level} %</TableCell>
              <TableCell>{watts.format(powerAtLevel(minPower, maxPower, level))} W</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p>{t('powerTable.note')}</p>
    </>
  );
}

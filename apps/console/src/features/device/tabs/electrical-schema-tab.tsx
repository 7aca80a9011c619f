import { OUTPUT_MODE_NAMES, type Device, type OutputState } from '@farola/protocol';
import { Badge } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FieldList, type FieldRow } from '@/components/field-list';
import { RestoreCalendarButton } from '../restore-calendar-button';

const MODE_KEYS = {
  astro: 'outputMode.astro',
  user: 'outputMode.user',
  manual: 'outputMode.manual',
  maintenance: 'outputMode.maintenance',
} as const;

const outputModeKey = (output: OutputState) =>
  output.mode === undefined ? 'outputMode.notDefined' : MODE_KEYS[OUTPUT_MODE_NAMES[output.mode]];

/** How the cabinet is wired as its configuration says: phases, meter connection, current transformers, sensors. */
function supplyRows(device: Device, t: TFunction<'device-detail'>): FieldRow[] {
  const power = device.attributes.configuration?.power;
  if (!power) return [];
  return [
    { key: 'phase', label: t('electrical.phase'), value: t(`electrical.phaseValue.${power.phase}`) },
    { key: 'powerType', label: t('electrical.powerType'), value: t(`electrical.powerTypeValue.${power.powerType}`) },
    { key: 'maxCurrent', label: t('electrical.maxCurrent'), value: `${power.maxCurrent}/5` },
    { key: 'cmsCount', label: t('electrical.cmsCount'), value: String(power.cmsCount) },
  ];
}

/** A cabinet's circuits: each output's contactor (on/off), mode and load; manual outputs can go back to their calendar. */
export function ElectricalSchemaTab({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  const watts = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
  const columns: DataTableColumn<OutputState>[] = [
    {
      id: 'output',
      header: t('electrical.output'),
      cell: (output) => output.index,
      compare: (a, b) => a.index - b.index,
    },
    {
      id: 'contactor',
      header: t('electrical.contactor'),
      cell: (output) => (
        <Badge appearance="tint" color={output.on ? 'success' : 'informative'}>
          {t(output.on ? 'electrical.closed' : 'electrical.open')}
        </Badge>
      ),
      compare: (a, b) => Number(a.on) - Number(b.on),
    },
    {
      id: 'mode',
      header: t('electrical.mode'),
      interactive: true,
      cell: (output) => (
        <>
          {t(outputModeKey(output))}
          {output.mode === 2 && <RestoreCalendarButton device={device} output={output.index} />}
        </>
      ),
      compare: (a, b) => (a.mode ?? -1) - (b.mode ?? -1),
    },
    {
      id: 'power',
      header: t('electrical.power'),
      cell: (output) => (output.activePower === undefined ? '—' : `${watts.format(output.activePower)} W`),
      compare: (a, b) => (a.activePower ?? -1) - (b.activePower ?? -1),
    },
  ];
  return (
    <>
      <FieldList rows={supplyRows(device, t)} />
      <DataTable
        label={t('electrical.outputs')}
        testId="outputs-table"
        columns={columns}
        items={device.attributes.outputs ?? []}
        getRowId={(output) => String(output.index)}
        rowProps={(output) => ({ 'data-testid': `output-${output.index}` })}
        defaultSort={{ column: 'output', direction: 'ascending' }}
        emptyTitle={t('electrical.noOutputs')}
      />
    </>
  );
}

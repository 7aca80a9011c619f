import { OUTPUT_MODE_NAMES, type Device, type OutputState } from '@farola/protocol';
import { Badge, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
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
  const outputs = device.attributes.outputs ?? [];
  const watts = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
  return (
    <>
      <FieldList rows={supplyRows(device, t)} />
      {outputs.length === 0 ? (
        <EmptyState title={t('electrical.noOutputs')} />
      ) : (
        <Table size="small" aria-label={t('electrical.outputs')} data-testid="outputs-table">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('electrical.output')}</TableHeaderCell>
              <TableHeaderCell>{t('electrical.contactor')}</TableHeaderCell>
              <TableHeaderCell>{t('electrical.mode')}</TableHeaderCell>
              <TableHeaderCell>{t('electrical.power')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {outputs.map((output) => (
              <TableRow key={output.index} data-testid={`output-${output.index}`}>
                <TableCell>{output.index}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={output.on ? 'success' : 'informative'}>
                    {t(output.on ? 'electrical.closed' : 'electrical.open')}
                  </Badge>
                </TableCell>
                <TableCell>
                  {t(outputModeKey(output))}
                  {output.mode === 2 && <RestoreCalendarButton device={device} output={output.index} />}
                </TableCell>
                <TableCell>
                  {output.activePower === undefined ? '—' : `${watts.format(output.activePower)} W`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

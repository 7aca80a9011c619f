import type { AttributeKey, Device } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { FieldList, type FieldRow } from '@/components/field-list';
import { formatAttribute, formatValue } from '@/lib/format/format-value';
import { useValueFormat } from '@/lib/format/use-value-format';
import { LuminaireSection } from './luminaire-form';

/** Luminaire, hardware and connection details each kind reports (spec §3). */
const TECHNICAL_ATTRIBUTES: Record<Device['deviceType'], readonly AttributeKey[]> = {
  'light-point-controller': [
    'identifiedLuminaireType',
    'minPower',
    'maxPower',
    'driverOutputVoltage',
    'driverOutputCurrent',
    'dimmer',
    'lifetime',
    'timezone',
    'apn',
    'cellId',
    'signalStrength',
    'ipAddresses',
    'remoteManagementEnabled',
  ],
  'cabinet-controller': ['apn', 'cellId', 'signalStrength', 'ipAddresses', 'timezone', 'remoteManagementEnabled'],
};

/**
 * The device's hardware: model and firmware, what it reports about its luminaire and link, and on a
 * light point the luminaire recorded on it (spec §3: a cabinet controller sits in a cabinet, on no luminaire).
 */
export function TechnicalTab({ device }: { device: Device }) {
  const { t } = useTranslation('device');
  const { t: tDetail } = useTranslation('device-detail');
  const format = useValueFormat();
  const fixed: FieldRow[] = (['modelNumber', 'firmwareVersion', 'imei', 'ip'] as const)
    .filter((field) => device[field] !== null)
    .map((field) => ({
      key: field,
      label: t(`device-detail:field.${field}`),
      value: formatValue(device[field], format),
    }));
  const reported: FieldRow[] = TECHNICAL_ATTRIBUTES[device.deviceType]
    .filter((key) => device.attributes[key] !== undefined)
    .map((key) => ({
      key,
      testId: `tech-${key}`,
      label: t(`device-detail:attribute.${key}`),
      value: formatAttribute(key, device.attributes, format),
    }));
  const rows = [...fixed, ...reported];
  return (
    <>
      {rows.length === 0 ? <EmptyState title={tDetail('empty.noData')} /> : <FieldList rows={rows} />}
      {device.deviceType === 'light-point-controller' && <LuminaireSection device={device} />}
    </>
  );
}

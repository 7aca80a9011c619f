import type { Device } from '@farola/protocol';
import { useTranslation } from 'react-i18next';
import { FieldList, type FieldRow } from '@/components/field-list';
import { formatAttribute } from '@/lib/format/format-value';
import { useValueFormat } from '@/lib/format/use-value-format';
import { OPERATE_MODE_KEYS } from '@/lib/devices/operate-modes';

/** A light point's operate mode (code and meaning, spec §4), the level it commands and the level its driver runs at. */
export function DimmingSpecsTab({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const format = useValueFormat();
  const mode = device.attributes.operateMode;
  const rows: FieldRow[] = [
    {
      key: 'operateMode',
      testId: 'dimming-operateMode',
      label: tDevice('device-detail:attribute.operateMode'),
      value: mode ? `${mode} — ${t(OPERATE_MODE_KEYS[mode])}` : t('value.notReported'),
    },
    ...(['dimming', 'dimmer'] as const).map((key) => ({
      key,
      testId: `dimming-${key}`,
      label: tDevice(`device-detail:attribute.${key}`),
      value:
        device.attributes[key] === undefined ? t('value.notReported') : formatAttribute(key, device.attributes, format),
    })),
  ];
  return <FieldList rows={rows} />;
}

import { ACTION_ROLES, supportsCommand, type AttributeKey, type Device } from '@farola/protocol';
import { Button, Switch } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FieldList, type FieldRow } from '@/components/field-list';
import { useSignedInUser } from '@/lib/auth/user-context';
import { formatAttribute, formatValue } from '@/lib/format/format-value';
import { useValueFormat } from '@/lib/format/use-value-format';
import { commandBlock } from '../device-commands';
import { useCommands } from '../use-commands';
import { useEditDevice } from '../use-edit-device';

const GPS_ATTRIBUTES: readonly AttributeKey[] = ['altitude', 'satellites', 'gpsTime', 'uncertainty'];

/**
 * Location / GPS Data: the stored position and the GPS fix's details; fixed location on/off; and
 * 'Read latitude/longitude', which may move the reference position of position alarms, so it asks first.
 */
export function LocationTab({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const format = useValueFormat();
  const user = useSignedInUser();
  const edit = useEditDevice(device.id);
  const { send, isSending } = useCommands(device);
  const [asking, setAsking] = useState(false);
  const mayEdit = user.hasAnyRole(ACTION_ROLES.editDevices);
  const readBlock = commandBlock(device, 'readLocation', user.hasAnyRole(ACTION_ROLES.commandDevices));
  const canRead = supportsCommand(device.vendor, device.deviceType, 'readLocation');

  const rows: FieldRow[] = [
    ...(['latitude', 'longitude'] as const).map((field) => ({
      key: field,
      testId: `location-${field}`,
      label: tDevice(`device-detail:field.${field}`),
      value: formatValue(device[field], format, 6),
    })),
    ...GPS_ATTRIBUTES.map((key) => ({
      key,
      testId: `location-${key}`,
      label: tDevice(`device-detail:attribute.${key}`),
      value: device.attributes[key] === undefined ? '—' : formatAttribute(key, device.attributes, format),
    })),
  ];
  return (
    <>
      <FieldList rows={rows} />
      <Switch
        data-testid="fixed-location"
        label={tDevice('device-detail:field.fixedLocation')}
        checked={device.fixedLocation}
        disabled={!mayEdit || edit.isPending}
        onChange={(_event, data) => edit.mutate({ fixedLocation: data.checked })}
      />
      <p>{t(device.fixedLocation ? 'location.fixedOn' : 'location.fixedOff')}</p>
      {canRead && (
        <Button
          data-testid="read-location"
          disabled={readBlock !== null || isSending}
          title={readBlock ? t(readBlock) : undefined}
          onClick={() => setAsking(true)}
        >
          {t('location.read')}
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title={t('location.read')}
        message={t('confirm.readLocation')}
        confirmLabel={t('location.read')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void send({ command: 'readLocation', params: {} });
        }}
      />
    </>
  );
}

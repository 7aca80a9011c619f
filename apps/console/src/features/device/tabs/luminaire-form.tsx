import {
  ACTION_ROLES,
  LUMINAIRE_FIELD_MAX_LENGTH,
  LUMINAIRE_FIELDS,
  type Device,
  type DeviceEdit,
} from '@farola/protocol';
import { Button, Field, Input, Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldList } from '@/components/field-list';
import { useSignedInUser } from '@/lib/auth/user-context';
import { useEditDevice } from '../use-edit-device';
import { useLuminaireFormStyles } from './luminaire-form.styles';

type LuminaireValues = Record<(typeof LUMINAIRE_FIELDS)[number], string>;

const valuesOf = (device: Device): LuminaireValues => ({
  luminaireSerialNumber: device.luminaireSerialNumber ?? '',
  luminaireType: device.luminaireType ?? '',
  bracketType: device.bracketType ?? '',
  driver: device.driver ?? '',
});

/** Only the fields that differ from the device's, trimmed as the server stores them. */
export function luminaireChanges(device: Device, values: LuminaireValues): DeviceEdit {
  const saved = valuesOf(device);
  return Object.fromEntries(
    LUMINAIRE_FIELDS.filter((field) => values[field].trim() !== saved[field]).map((field) => [
      field,
      values[field].trim(),
    ]),
  );
}

/**
 * The luminaire and hardware the device sits on (spec §3): luminaire serial number, luminaire type,
 * bracket type and driver; a form for those who may edit devices, a list for the others.
 */
export function LuminaireSection({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  const styles = useLuminaireFormStyles();
  const mayEdit = useSignedInUser().hasAnyRole(ACTION_ROLES.editDevices);
  const edit = useEditDevice(device.id);
  const [values, setValues] = useState(() => valuesOf(device));
  const changes = luminaireChanges(device, values);
  const title = <Subtitle2 as="h3">{t('luminaire.title')}</Subtitle2>;
  if (!mayEdit) {
    const rows = LUMINAIRE_FIELDS.map((field) => ({
      key: field,
      testId: `luminaire-${field}`,
      label: t(`field.${field}`),
      value: device[field] ?? '—',
    }));
    return (
      <section className={styles.section}>
        {title}
        <FieldList rows={rows} />
      </section>
    );
  }
  return (
    <form
      className={styles.section}
      onSubmit={(event) => {
        event.preventDefault();
        edit.mutate(changes);
      }}
    >
      {title}
      {LUMINAIRE_FIELDS.map((field) => (
        <Field key={field} label={t(`field.${field}`)}>
          <Input
            data-testid={`luminaire-${field}`}
            value={values[field]}
            maxLength={LUMINAIRE_FIELD_MAX_LENGTH}
            onChange={(_event, data) => setValues((current) => ({ ...current, [field]: data.value }))}
          />
        </Field>
      ))}
      <div>
        <Button type="submit" appearance="primary" disabled={Object.keys(changes).length === 0 || edit.isPending}>
          {t('luminaire.save')}
        </Button>
      </div>
    </form>
  );
}

import { DEVICE_NAME_MAX_LENGTH, type Device } from '@farola/protocol';
import { Button, Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRuleMessage } from '@/lib/api/error-message';
import { useNameFormStyles } from './name-form.styles';
import { useEditDevice } from './use-edit-device';

/**
 * Renames the device. A name another device of its kind carries is refused by the server ('Light
 * point name X already exists'), and the field says so in the user's language.
 */
export function NameForm({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  const { t: tErrors } = useTranslation('errors');
  const styles = useNameFormStyles();
  const [name, setName] = useState(device.name);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditDevice(device.id, { onError: setError });
  const trimmed = name.trim();
  return (
    <form
      className={styles.root}
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed === '') return setError(fieldRuleMessage(tErrors, 'required'));
        setError(null);
        edit.mutate({ name: trimmed });
      }}
    >
      <Field
        className={styles.field}
        label={t('field.name')}
        validationState={error ? 'error' : 'none'}
        validationMessage={error}
      >
        <Input
          data-testid="device-name-input"
          value={name}
          maxLength={DEVICE_NAME_MAX_LENGTH}
          onChange={(_event, data) => {
            setName(data.value);
            setError(null);
          }}
        />
      </Field>
      <Button
        className={styles.save}
        type="submit"
        appearance="primary"
        data-testid="device-name-save"
        disabled={trimmed === device.name || edit.isPending}
      >
        {t('name.save')}
      </Button>
    </form>
  );
}

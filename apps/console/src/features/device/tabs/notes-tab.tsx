import { ACTION_ROLES, DEVICE_NOTES_MAX_LENGTH, type Device } from '@farola/protocol';
import { Button, Caption1, Field, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/auth/user-context';
import { formatDateTime } from '@/lib/format/format-value';
import { useEditDevice } from '../use-edit-device';

/** The device's notes, editable by those who may edit devices; says who wrote them last and when. */
export function NotesTab({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('device-detail');
  const edit = useEditDevice(device.id);
  const mayEdit = useSignedInUser().hasAnyRole(ACTION_ROLES.editDevices);
  const saved = device.notes?.text ?? '';
  const [text, setText] = useState(saved);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        edit.mutate({ notes: text });
      }}
    >
      <Field label={t('tab.notes')} hint={t('notes.limit', { max: DEVICE_NOTES_MAX_LENGTH })}>
        <Textarea
          data-testid="notes-text"
          value={text}
          readOnly={!mayEdit}
          resize="vertical"
          rows={6}
          maxLength={DEVICE_NOTES_MAX_LENGTH}
          onChange={(_event, data) => setText(data.value)}
        />
      </Field>
      {device.notes && (
        <Caption1 data-testid="notes-author">
          {t('notes.by', { user: device.notes.updatedBy, date: formatDateTime(device.notes.updatedAt, i18n.language) })}
        </Caption1>
      )}
      {mayEdit && (
        <div>
          <Button type="submit" appearance="primary" disabled={text === saved || edit.isPending}>
            {t('notes.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

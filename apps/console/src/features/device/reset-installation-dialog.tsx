import { Checkbox, Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { fieldRuleMessage } from '@/lib/api/error-message';

interface ResetInstallationDialogProps {
  onSubmit: (installationDate: string) => void;
  onCancel: () => void;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Reset installation (spec §4): deletes the cabinet's alarms, measures and consumptions and
 * recalculates them from the chosen date; the user must accept the consequences.
 */
export function ResetInstallationDialog({ onSubmit, onCancel }: ResetInstallationDialogProps) {
  const { t } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const [date, setDate] = useState(today());
  const [accepted, setAccepted] = useState(false);
  const [tried, setTried] = useState(false);
  const submit = () => {
    setTried(true);
    if (date && accepted) onSubmit(date);
  };
  return (
    <ConfirmDialog
      open
      destructive
      title={tDevice('commandName.resetInstallation')}
      message={
        <>
          <p>{t('resetInstallation.message')}</p>
          <p>{t('resetInstallation.total', { count: 1 })}</p>
        </>
      }
      confirmLabel={tDevice('commandName.resetInstallation')}
      onCancel={onCancel}
      onConfirm={submit}
    >
      <Field
        label={t('resetInstallation.date')}
        required
        validationState={tried && !date ? 'error' : 'none'}
        validationMessage={tried && !date ? fieldRuleMessage(tErrors, 'required') : null}
      >
        <Input type="date" value={date} max={today()} onChange={(_event, data) => setDate(data.value)} />
      </Field>
      <Field
        validationState={tried && !accepted ? 'error' : 'none'}
        validationMessage={tried && !accepted ? fieldRuleMessage(tErrors, 'required') : null}
      >
        <Checkbox
          data-testid="accept-consequences"
          checked={accepted}
          label={t('consequences')}
          onChange={(_event, data) => setAccepted(data.checked === true)}
        />
      </Field>
    </ConfirmDialog>
  );
}

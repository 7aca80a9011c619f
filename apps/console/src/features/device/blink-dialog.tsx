import { BLINK_LIMITS } from '@farola/protocol';
import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { fieldRuleMessage } from '@/lib/api/error-message';
import { BLINK_DEFAULTS, blinkFieldProblem, blinkParams, type BlinkField, type BlinkValues } from './blink-form';

interface BlinkDialogProps {
  open: boolean;
  onSubmit: (params: { count: number; cycleSeconds: number }) => void;
  onCancel: () => void;
}

const LABELS: Record<BlinkField, string> = { count: 'blink.count', cycleSeconds: 'blink.cycleSeconds' };

/** Asks for the number of blinks and the blink cycle, within BLINK_LIMITS. */
export function BlinkDialog({ open, onSubmit, onCancel }: BlinkDialogProps) {
  const { t } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const [values, setValues] = useState<BlinkValues>(BLINK_DEFAULTS);

  const submit = () => {
    const params = blinkParams(values);
    if (params) onSubmit(params);
  };
  const field = (name: BlinkField) => {
    const problem = blinkFieldProblem(name, values[name]);
    return (
      <Field
        key={name}
        label={t(LABELS[name])}
        required
        validationState={problem ? 'error' : 'none'}
        validationMessage={problem ? fieldRuleMessage(tErrors, problem.rule, problem.limit) : null}
      >
        <Input
          type="number"
          min={BLINK_LIMITS[name].min}
          max={BLINK_LIMITS[name].max}
          value={values[name]}
          onChange={(_event, data) => setValues((current) => ({ ...current, [name]: data.value }))}
        />
      </Field>
    );
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('commandName.blink')}
      message={t('blink.message')}
      confirmLabel={t('blink.submit')}
      onConfirm={submit}
      onCancel={onCancel}
    >
      {field('count')}
      {field('cycleSeconds')}
    </ConfirmDialog>
  );
}

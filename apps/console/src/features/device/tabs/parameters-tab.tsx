import { ACTION_ROLES, type Device, type ReportedCabinetConfiguration } from '@farola/protocol';
import { Button, Caption1, Field, Input, MessageBar, MessageBarBody, Select, Switch } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useSignedInUser } from '@/lib/auth/user-context';
import { fieldRuleMessage } from '@/lib/api/error-message';
import {
  checkParameters,
  PARAMETER_FIELDS,
  PARAMETER_GROUPS,
  toParameterValues,
  type ParameterField,
  type ParameterProblem,
  type ParameterValues,
} from '../configuration-form';
import { commandBlock } from '../device-commands';
import { useCommands } from '../use-commands';
import { useParametersTabStyles } from './parameters-tab.styles';

/**
 * A cabinet's configuration (spec §3) as a form checked with the cabinet's own schema; the changed
 * fields go to the device as one `setConfiguration` queued request. The password is never shown:
 * it is sent only when typed.
 */
export function ParametersTab({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  const reported = device.attributes.configuration;
  return (
    <>
      <MessageBar intent="info">
        <MessageBarBody>{t('parameters.takesEffect')}</MessageBarBody>
      </MessageBar>
      {reported ? (
        <ParametersForm device={device} reported={reported} />
      ) : (
        <EmptyState title={t('empty.noData')} description={t('parameters.notReported')} />
      )}
    </>
  );
}

function ParametersForm({ device, reported }: { device: Device; reported: ReportedCabinetConfiguration }) {
  const { t } = useTranslation('device-detail');
  const { t: tErrors } = useTranslation('errors');
  const styles = useParametersTabStyles();
  const { send, isSending } = useCommands(device);
  const mayCommand = useSignedInUser().hasAnyRole(ACTION_ROLES.commandDevices);
  const blockKey = device.disabled ? 'errors:DEVICE_DISABLED' : commandBlock(device, 'setConfiguration', mayCommand);
  const [edits, setEdits] = useState<ParameterValues>({});
  const values = { ...toParameterValues(reported), ...edits };
  const { problems, patch } = checkParameters(reported, values);
  const setValue = (path: string, value: string | boolean) => setEdits((current) => ({ ...current, [path]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!patch || blockKey) return;
    // The password is sent once: the field empties so that a later change does not send it again.
    if (await send({ command: 'setConfiguration', params: { parameters: patch } })) setValue('mobile.password', '');
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} data-testid="parameters-form" noValidate>
      {PARAMETER_GROUPS.map((group) => (
        <fieldset key={group} className={styles.group} disabled={blockKey !== null}>
          <legend className={styles.legend}>{t(`parameters.group.${group}`)}</legend>
          {PARAMETER_FIELDS.filter((field) => field.group === group).map((field) => (
            <ParameterInput
              key={field.path}
              field={field}
              value={values[field.path] ?? ''}
              problem={problems[field.path]}
              problemText={(problem) => fieldRuleMessage(tErrors, problem.rule, problem.limit)}
              onChange={(value) => setValue(field.path, value)}
            />
          ))}
        </fieldset>
      ))}
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          data-testid="parameters-save"
          disabled={patch === null || isSending || blockKey !== null}
        >
          {t('parameters.save')}
        </Button>
        {blockKey && <Caption1 data-testid="parameters-blocked">{t(blockKey)}</Caption1>}
      </div>
    </form>
  );
}

interface ParameterInputProps {
  field: ParameterField;
  value: string | boolean;
  problem: ParameterProblem | undefined;
  problemText: (problem: ParameterProblem) => string;
  onChange: (value: string | boolean) => void;
}

function ParameterInput({ field, value, problem, problemText, onChange }: ParameterInputProps) {
  const { t } = useTranslation('device-detail');
  const label = t(`parameters.field.${field.path}`);
  const testId = `parameter-${field.path}`;
  if (field.edit.kind === 'boolean') {
    return (
      <Switch
        data-testid={testId}
        label={label}
        checked={value === true}
        onChange={(_event, data) => onChange(data.checked)}
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  const required = field.edit.kind === 'text' || field.edit.kind === 'number';
  const hint =
    field.edit.kind === 'password'
      ? t('parameters.passwordHint')
      : field.edit.kind === 'optionalNumber' || field.edit.kind === 'time' || field.edit.kind === 'optionalText'
        ? t('parameters.optionalHint')
        : null;
  return (
    <Field
      label={label}
      required={required}
      hint={hint}
      validationState={problem ? 'error' : 'none'}
      validationMessage={problem ? problemText(problem) : null}
    >
      {field.edit.kind === 'enum' ? (
        <Select data-testid={testId} value={text} onChange={(_event, data) => onChange(data.value)}>
          {field.edit.options.map((option) => (
            <option key={option} value={option}>
              {t(`parameters.option.${option}`)}
            </option>
          ))}
        </Select>
      ) : (
        <Input
          data-testid={testId}
          type={INPUT_TYPES[field.edit.kind] ?? 'text'}
          autoComplete={field.edit.kind === 'password' ? 'new-password' : 'off'}
          value={text}
          onChange={(_event, data) => onChange(data.value)}
        />
      )}
    </Field>
  );
}

const INPUT_TYPES: Partial<Record<ParameterField['edit']['kind'], 'number' | 'password' | 'time'>> = {
  number: 'number',
  optionalNumber: 'number',
  password: 'password',
  time: 'time',
};

import {
  ASTRO_OFFSET_LIMIT_MINUTES,
  type CommandRequest,
  type Device,
  type OutputState,
  supportsCommand,
} from '@farola/protocol';
import { Button, Field, Input, Radio, RadioGroup } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import {
  addRule,
  checkOutputSchedule,
  outputScheduleDraft,
  type OutputRuleDraft,
  type OutputScheduleDraft,
  removeRule,
  ruleLimit,
} from './cabinet-output-draft';
import { useCabinetOutputDialogStyles } from './cabinet-output-dialog.styles';
import { EditorDialog, useEditorForm } from './editor-form';
import { useEditorStyles } from './editor-form.styles';

/** The astronomical schedule's two offsets: the draft's field, the command's parameter, the sun event. */
const OFFSETS = [
  { field: 'sunsetOffset', path: 'sunsetOffsetMinutes', sun: 'sunset' },
  { field: 'sunriseOffset', path: 'sunriseOffsetMinutes', sun: 'sunrise' },
] as const;

interface CabinetOutputDialogProps {
  device: Pick<Device, 'vendor' | 'deviceType'>;
  output: OutputState;
  /** Sends the command; rejects with the message to show (the server's refusal, translated). */
  onSend: (command: CommandRequest) => Promise<void>;
  onClose: () => void;
}

/**
 * 'Edit schedule' of one cabinet output (spec §3, §5, §9): fixed rules, the first holding from 00:00
 * and as many as the family holds, or astronomical with sunset and sunrise offsets in minutes, where
 * the family offers it. Checked as the server checks it, then sent as `createCalendar` or
 * `createAstroCalendar` for that output.
 */
export function CabinetOutputDialog({ device, output, onSend, onClose }: CabinetOutputDialogProps) {
  const { t } = useTranslation('scheduling');
  const { t: tErrors } = useTranslation('errors');
  const shared = useEditorStyles();
  const styles = useCabinetOutputDialogStyles();
  const astroOffered = supportsCommand(device.vendor, device.deviceType, 'createAstroCalendar');
  const limit = ruleLimit(device.vendor);
  const limitMessage = tErrors('FIXED_SCHEDULE_TOO_MANY_RULES', { limit });
  const form = useEditorForm({
    initial: () => outputScheduleDraft(output.schedule, astroOffered),
    check: (draft: OutputScheduleDraft) => checkOutputSchedule(draft, device.vendor, output.index),
    onSave: async (command: CommandRequest) => {
      await onSend(command);
      onClose();
    },
    special: (issue) => {
      if (issue.code === 'FIXED_SCHEDULE_TOO_MANY_RULES') return limitMessage;
      if (issue.path === 'rules' && issue.rule === 'invalid') return t('cabinetOutputs.error.invalidRules');
      return undefined;
    },
  });
  const { draft, edit, fieldState } = form;
  const editRule = (key: number, change: Partial<OutputRuleDraft>) =>
    edit({ rules: draft.rules.map((rule) => (rule.key === key ? { ...rule, ...change } : rule)) });
  const rulesMessage = form.messageAt('rules');

  return (
    <EditorDialog
      title={t('cabinetOutputs.dialog.title', { index: output.index })}
      mode="edit"
      surfaceClassName={styles.surface}
      testId="output-schedule"
      failure={form.failure}
      saving={form.saving}
      onSave={() => void form.save()}
      onClose={onClose}
    >
      {astroOffered && (
        <Field label={t('cabinetOutputs.dialog.kind')}>
          <RadioGroup
            layout="horizontal"
            value={draft.kind}
            onChange={(_event, data) => edit({ kind: data.value === 'astro' ? 'astro' : 'fixed' })}
          >
            <Radio value="fixed" label={t('cabinetOutputs.fixed')} data-testid="output-schedule-fixed" />
            <Radio value="astro" label={t('cabinetOutputs.astroKind')} data-testid="output-schedule-astro" />
          </RadioGroup>
        </Field>
      )}
      {draft.kind === 'fixed' ? (
        <fieldset className={shared.list}>
          <legend className={shared.legend}>{t('cabinetOutputs.dialog.rules')}</legend>
          <p className={shared.hint}>{t('cabinetOutputs.dialog.firstRule')}</p>
          <p className={shared.hint} data-testid="output-schedule-limit">
            {limitMessage}
          </p>
          {draft.rules.map((rule, index) => (
            <div key={rule.key} className={styles.row} data-testid="output-schedule-rule">
              <Field
                label={t('cabinetOutputs.dialog.time', { number: index + 1 })}
                {...(index === 0 ? { hint: t('cabinetOutputs.dialog.locked') } : {})}
                {...fieldState(`rules.${index}.time`, { value: rule.time })}
              >
                <Input
                  type="time"
                  value={rule.time}
                  readOnly={index === 0}
                  data-testid="output-schedule-time"
                  onChange={(_event, data) => editRule(rule.key, { time: data.value })}
                />
              </Field>
              <Field
                label={t('cabinetOutputs.dialog.level', { number: index + 1 })}
                {...fieldState(`rules.${index}.dimming`, { value: rule.dimming })}
              >
                <Input
                  type="number"
                  min={0}
                  max={100}
                  value={rule.dimming}
                  data-testid="output-schedule-level"
                  onChange={(_event, data) => editRule(rule.key, { dimming: data.value })}
                />
              </Field>
              <Button
                className={styles.remove}
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('cabinetOutputs.dialog.remove', { number: index + 1 })}
                disabled={index === 0}
                onClick={() => edit({ rules: removeRule(draft.rules, rule.key) })}
              />
            </div>
          ))}
          {rulesMessage && (
            <p className={shared.error} role="alert">
              {rulesMessage}
            </p>
          )}
          <Button
            icon={<AddRegular />}
            data-testid="output-schedule-add"
            disabled={draft.rules.length >= limit}
            onClick={() => edit({ rules: addRule(draft.rules, device.vendor) })}
          >
            {t('cabinetOutputs.dialog.add')}
          </Button>
        </fieldset>
      ) : (
        <fieldset className={shared.list}>
          <legend className={shared.legend}>{t('cabinetOutputs.dialog.offsets')}</legend>
          <p className={shared.hint}>{t('cabinetOutputs.dialog.offsetHint', { limit: ASTRO_OFFSET_LIMIT_MINUTES })}</p>
          <div className={styles.offsets}>
            {OFFSETS.map(({ field, path, sun }) => (
              <Field key={field} label={t(`cabinetOutputs.dialog.${field}`)} {...fieldState(path)}>
                <Input
                  type="number"
                  min={-ASTRO_OFFSET_LIMIT_MINUTES}
                  max={ASTRO_OFFSET_LIMIT_MINUTES}
                  value={draft[field]}
                  data-testid={`output-schedule-${sun}`}
                  onChange={(_event, data) => edit({ [field]: data.value })}
                />
              </Field>
            ))}
          </div>
        </fieldset>
      )}
    </EditorDialog>
  );
}

import {
  type CalendarEdit,
  REPETITIONS,
  type Repetition,
  SCHEDULE_LIMITS,
  type StoredControlProgram,
  WEEKDAYS,
} from '@farola/protocol';
import { Button, Checkbox, Field, Input, Select } from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { calendarDraft, checkCalendar, moveRule, type RuleDraft, ruleDraft } from './calendar-draft';
import { useCalendarEditorStyles } from './calendar-editor.styles';
import { EditorDialog, type EditorProps, useEditorForm } from './editor-form';
import { useEditorStyles } from './editor-form.styles';

export interface CalendarEditorProps extends EditorProps<CalendarEdit> {
  /** The project's control programs, which rules and the default program choose from. */
  programs: readonly StoredControlProgram[];
}

/** Today, as a rule's first start date. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Makes or changes a calendar (spec §2 Scheduling, §3 Calendar, §5): its rules in order, each
 * running a control program once, daily, on weekdays or yearly between its dates, the first that
 * covers a day deciding it; the program of days no rule covers; whether it lights only between
 * sunset and sunrise. The server's own checks ('Rule required', an end before its start, a rule the
 * rules above it leave no day to) are shown at their field when Save is pressed.
 */
export function CalendarEditor({ initial, mode, programs, onSave, onClose }: CalendarEditorProps) {
  const { t } = useTranslation('scheduling');
  const shared = useEditorStyles();
  const styles = useCalendarEditorStyles();
  const form = useEditorForm({
    initial: () => calendarDraft(initial),
    check: checkCalendar,
    onSave,
    special: (issue) => {
      if (issue.code === 'calendar.error.endBeforeStart') return t('calendar.error.endBeforeStart');
      if (issue.code === 'calendar.error.ruleNeverApplies')
        return t('calendar.error.ruleNeverApplies', issue.params ?? {});
      if (issue.path === 'rules' && issue.rule === 'min') return t('calendar.error.ruleRequired');
      // Weekly without a day: as an empty field.
      if (issue.path.endsWith('.weekdays') && issue.rule === 'min') return t('errors:field.required');
      return undefined;
    },
  });
  const { draft, edit, fieldState, messageAt } = form;
  const readOnly = mode === 'view';

  const editRule = (key: number, change: Partial<RuleDraft>) =>
    edit({ rules: draft.rules.map((rule) => (rule.key === key ? { ...rule, ...change } : rule)) });

  const programOptions = programs.map((program) => (
    <option key={program.id} value={program.id}>
      {program.name}
    </option>
  ));
  const rulesMessage = messageAt('rules');
  return (
    <EditorDialog
      title={t(`calendarEditor.title.${mode}`)}
      mode={mode}
      surfaceClassName={styles.surface}
      testId="calendar"
      failure={form.failure}
      saving={form.saving}
      onSave={() => void form.save()}
      onClose={onClose}
    >
      <Field label={t('calendarEditor.name')} required={!readOnly} {...fieldState('name')}>
        <Input
          data-testid="calendar-name"
          value={draft.name}
          readOnly={readOnly}
          maxLength={120}
          onChange={(_event, data) => edit({ name: data.value })}
        />
      </Field>
      <Checkbox
        checked={draft.astronomical}
        disabled={readOnly}
        label={t('calendarEditor.astronomical')}
        onChange={(_event, data) => edit({ astronomical: data.checked === true })}
      />
      <Field label={t('calendarEditor.defaultProgram')} hint={t('calendarEditor.defaultProgramHint')}>
        <Select
          value={draft.defaultProgramId}
          disabled={readOnly}
          onChange={(_event, data) => edit({ defaultProgramId: data.value })}
        >
          <option value="">{t('calendarEditor.noDefaultProgram')}</option>
          {programOptions}
        </Select>
      </Field>
      <fieldset className={shared.list}>
        <legend className={shared.legend}>{t('calendarEditor.rules')}</legend>
        <p className={shared.hint}>{t('calendarEditor.precedence')}</p>
        {draft.rules.map((rule, index) => (
          <div key={rule.key} className={styles.rule} data-testid="calendar-rule">
            <div className={styles.ruleFields}>
              <Field label={t('calendarEditor.repetition')}>
                <Select
                  value={rule.repetition}
                  disabled={readOnly}
                  onChange={(_event, data) => editRule(rule.key, { repetition: data.value as Repetition })}
                >
                  {REPETITIONS.map((repetition) => (
                    <option key={repetition} value={repetition}>
                      {t(`repetition.${repetition}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                label={t(rule.repetition === 'once' ? 'calendarEditor.date' : 'calendarEditor.startDate')}
                {...fieldState(`rules.${index}.startDate`, { value: rule.startDate })}
              >
                <Input
                  type="date"
                  value={rule.startDate}
                  readOnly={readOnly}
                  onChange={(_event, data) => editRule(rule.key, { startDate: data.value })}
                />
              </Field>
              {rule.repetition === 'once' ? (
                <div />
              ) : (
                <Field label={t('calendarEditor.endDate')} {...fieldState(`rules.${index}.endDate`)}>
                  <Input
                    type="date"
                    value={rule.endDate}
                    readOnly={readOnly}
                    onChange={(_event, data) => editRule(rule.key, { endDate: data.value })}
                  />
                </Field>
              )}
              <Field
                label={t('calendarEditor.program')}
                {...fieldState(`rules.${index}.programId`, { value: rule.programId })}
              >
                <Select
                  value={rule.programId}
                  disabled={readOnly}
                  data-testid="calendar-rule-program"
                  onChange={(_event, data) => editRule(rule.key, { programId: data.value })}
                >
                  <option value="" disabled>
                    {t('calendarEditor.chooseProgram')}
                  </option>
                  {programOptions}
                </Select>
              </Field>
              {!readOnly && (
                <div className={shared.rowActions}>
                  <Button
                    appearance="subtle"
                    icon={<ArrowUpRegular />}
                    aria-label={t('calendarEditor.moveUp', { number: index + 1 })}
                    disabled={index === 0}
                    onClick={() => edit({ rules: moveRule(draft.rules, index, -1) })}
                  />
                  <Button
                    appearance="subtle"
                    icon={<ArrowDownRegular />}
                    aria-label={t('calendarEditor.moveDown', { number: index + 1 })}
                    disabled={index === draft.rules.length - 1}
                    onClick={() => edit({ rules: moveRule(draft.rules, index, 1) })}
                  />
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('calendarEditor.remove', { number: index + 1 })}
                    onClick={() => edit({ rules: draft.rules.filter((other) => other.key !== rule.key) })}
                  />
                </div>
              )}
            </div>
            {rule.repetition === 'weekly' && (
              // Not a Field: Fluent gives every control inside a Field the Field's one id.
              <div className={styles.weekdaysField}>
                <span id={`weekdays-${rule.key}`} className={styles.weekdaysLabel}>
                  {t('calendarEditor.weekdays')}
                </span>
                <div className={styles.weekdays} role="group" aria-labelledby={`weekdays-${rule.key}`}>
                  {WEEKDAYS.map((day) => (
                    <Checkbox
                      key={day}
                      label={t(`weekday.${day}`)}
                      disabled={readOnly}
                      checked={rule.weekdays.includes(day)}
                      onChange={(_event, data) =>
                        editRule(rule.key, {
                          weekdays: WEEKDAYS.filter((other) =>
                            other === day ? data.checked === true : rule.weekdays.includes(other),
                          ),
                        })
                      }
                    />
                  ))}
                </div>
                {messageAt(`rules.${index}.weekdays`) && (
                  <span className={shared.error}>{messageAt(`rules.${index}.weekdays`)}</span>
                )}
              </div>
            )}
            {messageAt(`rules.${index}`) && (
              <span className={shared.error} role="alert">
                {messageAt(`rules.${index}`)}
              </span>
            )}
          </div>
        ))}
        {rulesMessage && (
          <p className={shared.error} role="alert">
            {rulesMessage}
          </p>
        )}
        {!readOnly && (
          <Button
            icon={<AddRegular />}
            data-testid="calendar-add-rule"
            disabled={draft.rules.length >= SCHEDULE_LIMITS.rulesPerCalendar}
            onClick={() =>
              edit({
                rules: [...draft.rules, ruleDraft({ startDate: today(), programId: programs[0]?.id ?? '' })],
              })
            }
          >
            {t('calendarEditor.add')}
          </Button>
        )}
      </fieldset>
    </EditorDialog>
  );
}

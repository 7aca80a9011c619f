import {
  type DeviceGroup,
  type GroupEdit,
  GroupEditSchema,
  OPERATE_MODES,
  type OperateMode,
  type StoredCalendar,
  type StoredControlProgram,
  toFieldIssues,
} from '@farola/protocol';
import { Field, Input, Radio, RadioGroup, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { OPERATE_MODE_KEYS } from '@/lib/devices/operate-modes';
import { EditorDialog, type EditorProps, useEditorForm } from './editor-form';
import { useGroupEditorStyles } from './group-editor.styles';

type Runs = 'default' | 'calendar' | 'program';

interface GroupDraft {
  name: string;
  runs: Runs;
  calendarId: string;
  programId: string;
  operateMode: string;
}

function groupDraft(group: GroupEdit): GroupDraft {
  return {
    name: group.name,
    runs: group.programId ? 'program' : group.calendarId ? 'calendar' : 'default',
    calendarId: group.calendarId ?? '',
    programId: group.programId ?? '',
    operateMode: group.operateMode ?? '',
  };
}

/** The group the draft stands for: only what its choice of schedule names is sent. */
function checkGroup(draft: GroupDraft): { value: GroupEdit | null; issues: ReturnType<typeof toFieldIssues> } {
  const parsed = GroupEditSchema.safeParse({
    name: draft.name,
    calendarId: draft.runs === 'calendar' ? draft.calendarId || undefined : null,
    programId: draft.runs === 'program' ? draft.programId || undefined : null,
    operateMode: draft.operateMode === '' ? null : draft.operateMode,
  });
  return parsed.success ? { value: parsed.data, issues: [] } : { value: null, issues: toFieldIssues(parsed.error) };
}

export interface GroupEditorProps extends EditorProps<GroupEdit> {
  /** The group edited (its default flag: the default group keeps its name), or null for a new one. */
  group: DeviceGroup | null;
  calendars: readonly StoredCalendar[];
  programs: readonly StoredControlProgram[];
}

/**
 * Makes or changes a group (spec §2 Groups, §3 Group): its name, what its devices run — the
 * project's default calendar, a calendar, or one control program every day — and the operate mode
 * it manages for its light points, if any.
 */
export function GroupEditor({ initial, group, mode, calendars, programs, onSave, onClose }: GroupEditorProps) {
  const { t } = useTranslation('scheduling');
  const { t: tDevice } = useTranslation('device-detail');
  const styles = useGroupEditorStyles();
  const form = useEditorForm({ initial: () => groupDraft(initial), check: checkGroup, onSave });
  const { draft, edit, fieldState } = form;
  const readOnly = mode === 'view';
  const isDefault = group?.isDefault === true;
  return (
    <EditorDialog
      title={t(`groupEditor.title.${mode}`)}
      mode={mode}
      surfaceClassName={styles.surface}
      testId="group"
      failure={form.failure}
      saving={form.saving}
      onSave={() => void form.save()}
      onClose={onClose}
    >
      <Field label={t('groupEditor.name')} required={!readOnly && !isDefault} {...fieldState('name')}>
        <Input
          data-testid="group-name"
          value={isDefault ? t('groups.defaultName') : draft.name}
          readOnly={readOnly || isDefault}
          maxLength={120}
          onChange={(_event, data) => edit({ name: data.value })}
        />
      </Field>
      <Field label={t('groupEditor.runs')}>
        <RadioGroup
          value={draft.runs}
          disabled={readOnly}
          onChange={(_event, data) => edit({ runs: data.value as Runs })}
        >
          <Radio value="default" label={t('groupEditor.runsDefault')} />
          <Radio value="calendar" label={t('groupEditor.runsCalendar')} />
          <Radio value="program" label={t('groupEditor.runsProgram')} />
        </RadioGroup>
      </Field>
      {draft.runs === 'calendar' && (
        <Field label={t('groupEditor.calendar')} {...fieldState('calendarId', { value: draft.calendarId })}>
          <Select
            value={draft.calendarId}
            disabled={readOnly}
            data-testid="group-calendar"
            onChange={(_event, data) => edit({ calendarId: data.value })}
          >
            <option value="" disabled>
              {t('groupEditor.chooseCalendar')}
            </option>
            {calendars.map((calendar) => (
              <option key={calendar.id} value={calendar.id}>
                {calendar.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {draft.runs === 'program' && (
        <Field label={t('groupEditor.program')} {...fieldState('programId', { value: draft.programId })}>
          <Select
            value={draft.programId}
            disabled={readOnly}
            data-testid="group-program"
            onChange={(_event, data) => edit({ programId: data.value })}
          >
            <option value="" disabled>
              {t('calendarEditor.chooseProgram')}
            </option>
            {programs.map((program) => (
              <option key={program.id} value={program.id}>
                {program.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label={t('groupEditor.operateMode')} hint={t('groupEditor.operateModeHint')}>
        <Select
          value={draft.operateMode}
          disabled={readOnly}
          onChange={(_event, data) => edit({ operateMode: data.value })}
        >
          <option value="">{t('groupEditor.noOperateMode')}</option>
          {OPERATE_MODES.map((code: OperateMode) => (
            <option key={code} value={code}>
              {`${code} — ${tDevice(OPERATE_MODE_KEYS[code])}`}
            </option>
          ))}
        </Select>
      </Field>
    </EditorDialog>
  );
}

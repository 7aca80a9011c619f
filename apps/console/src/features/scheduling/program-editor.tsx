import { type ControlProgramEdit, MIN_FADING_MINUTES, SUN_OFFSET_LIMIT_MINUTES } from '@farola/protocol';
import { Button, Field, Input, Select, Spinner } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorDialog, type EditorProps, useEditorForm } from './editor-form';
import { useEditorStyles } from './editor-form.styles';
import { curveLevels, DRAWN_SUN, placeSteps } from './program-curve';
import {
  checkDraft,
  drawableIntervals,
  intervalDraft,
  type IntervalDraft,
  programDraft,
  type StartKind,
} from './program-draft';
import { useProgramEditorStyles } from './program-editor.styles';

// lightweight-charts is loaded only when a program is opened.
const ProgramCurveChart = lazy(() => import('./program-curve-chart').then((m) => ({ default: m.ProgramCurveChart })));

const START_KINDS: readonly StartKind[] = ['time', 'sunset', 'sunrise'];

/**
 * Makes or changes a control program (spec §2 Scheduling, §5): its name and dimming intervals, each
 * starting at a time or at sunset or sunrise with an offset, with its level and fading time. The
 * curve follows every edit; the checks are the server's own (`ControlProgramEditSchema`), shown at
 * the field they concern when Save is pressed, the minimum fading time among them.
 */
export function ProgramEditor({ initial, mode, onSave, onSaveAndApply, onClose }: EditorProps<ControlProgramEdit>) {
  const { t, i18n } = useTranslation('scheduling');
  const shared = useEditorStyles();
  const styles = useProgramEditorStyles();
  const form = useEditorForm({
    initial: () => programDraft(initial),
    check: checkDraft,
    onSave,
    special: (issue) =>
      issue.code === 'controlProgram.error.wrongFadingTime'
        ? t('program.error.wrongFadingTime', issue.params ?? {})
        : undefined,
  });
  const { draft, edit, fieldState } = form;
  const readOnly = mode === 'view';

  const drawable = useMemo(() => drawableIntervals(draft), [draft]);
  const levels = useMemo(() => curveLevels(drawable), [drawable]);
  const summary = useCurveSummary(drawable);

  const editRow = (key: number, change: Partial<IntervalDraft>) =>
    edit({ intervals: draft.intervals.map((row) => (row.key === key ? { ...row, ...change } : row)) });

  const listMessage = form.messageAt('intervals');
  return (
    <EditorDialog
      title={t(`editor.title.${mode}`)}
      mode={mode}
      surfaceClassName={styles.surface}
      testId="program"
      failure={form.failure}
      saving={form.saving}
      onSave={() => void form.save()}
      onSaveAndApply={onSaveAndApply && (() => void form.save(onSaveAndApply))}
      onClose={onClose}
    >
      <Field label={t('editor.name')} required={!readOnly} {...fieldState('name')}>
        <Input
          data-testid="program-name"
          value={draft.name}
          readOnly={readOnly}
          maxLength={120}
          onChange={(_event, data) => edit({ name: data.value })}
        />
      </Field>
      <fieldset className={shared.list}>
        <legend className={shared.legend}>{t('editor.intervals')}</legend>
        <p className={shared.hint}>{t('editor.minFading', { minutes: MIN_FADING_MINUTES })}</p>
        {draft.intervals.map((row, index) => (
          <div key={row.key} className={styles.row} data-testid="program-interval">
            <Field label={t('editor.start')} {...fieldState(`intervals.${index}.start`, { nested: true })}>
              <Select
                value={row.kind}
                disabled={readOnly}
                onChange={(_event, data) => editRow(row.key, { kind: data.value as StartKind })}
              >
                {START_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`editor.startKind.${kind}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {row.kind === 'time' ? (
              <Field label={t('editor.time')}>
                <Input
                  type="time"
                  value={row.time}
                  readOnly={readOnly}
                  onChange={(_event, data) => editRow(row.key, { time: data.value })}
                />
              </Field>
            ) : (
              <Field label={t('editor.offset')}>
                <Input
                  type="number"
                  min={-SUN_OFFSET_LIMIT_MINUTES}
                  max={SUN_OFFSET_LIMIT_MINUTES}
                  value={row.offset}
                  readOnly={readOnly}
                  onChange={(_event, data) => editRow(row.key, { offset: data.value })}
                />
              </Field>
            )}
            <Field label={t('editor.dimming')} {...fieldState(`intervals.${index}.dimming`)}>
              <Input
                type="number"
                min={0}
                max={100}
                value={row.dimming}
                readOnly={readOnly}
                data-testid="program-interval-dimming"
                onChange={(_event, data) => editRow(row.key, { dimming: data.value })}
              />
            </Field>
            <Field label={t('editor.fading')} {...fieldState(`intervals.${index}.fadingMinutes`)}>
              <Input
                type="number"
                min={0}
                max={180}
                value={row.fading}
                readOnly={readOnly}
                onChange={(_event, data) => editRow(row.key, { fading: data.value })}
              />
            </Field>
            {!readOnly && (
              <Button
                className={styles.remove}
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('editor.remove', { number: index + 1 })}
                disabled={draft.intervals.length === 1}
                onClick={() => edit({ intervals: draft.intervals.filter((other) => other.key !== row.key) })}
              />
            )}
          </div>
        ))}
        {listMessage && <p className={shared.error}>{listMessage}</p>}
        {!readOnly && (
          <Button
            icon={<AddRegular />}
            data-testid="program-add-interval"
            disabled={draft.intervals.length >= 24}
            onClick={() =>
              edit({
                intervals: [...draft.intervals, intervalDraft({ start: '00:00', dimming: 50, fadingMinutes: 0 })],
              })
            }
          >
            {t('editor.add')}
          </Button>
        )}
      </fieldset>
      <Suspense fallback={<Spinner size="small" />}>
        <ProgramCurveChart
          levels={levels}
          language={i18n.language}
          label={t('editor.curve', { name: draft.name || t('editor.title.create') })}
          summary={summary}
        />
      </Suspense>
      <p className={shared.hint}>{t('editor.sunNote', DRAWN_SUN)}</p>
    </EditorDialog>
  );
}

/** The curve in words: each interval in the order it runs, with its level and fade. */
function useCurveSummary(intervals: ReturnType<typeof drawableIntervals>): string {
  const { t, i18n } = useTranslation('scheduling');
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return placeSteps(intervals)
    .map((step) => {
      const { start } = intervals[step.index]!;
      const offset =
        typeof start === 'string' || start.offsetMinutes === 0
          ? ''
          : t('curve.offset', { sign: start.offsetMinutes > 0 ? '+' : '−', minutes: Math.abs(start.offsetMinutes) });
      const at = typeof start === 'string' ? start : t(`curve.${start.sun}`, { offset }).trim();
      const level = percent.format(step.dimming / 100);
      return step.fadeMinutes > 0
        ? t('curve.fade', { at, level, minutes: step.fadeMinutes })
        : t('curve.step', { at, level });
    })
    .join(' · ');
}

import {
  CalendarEditSchema,
  type CalendarEdit,
  type CalendarRule,
  type FieldIssue,
  type Repetition,
  toFieldIssues,
  type Weekday,
} from '@farola/protocol';

/** One rule as the editor holds it: every field kept whatever the repetition, so switching back loses nothing. */
export interface RuleDraft {
  key: number;
  repetition: Repetition;
  weekdays: Weekday[];
  startDate: string;
  endDate: string;
  programId: string;
}

export interface CalendarDraft {
  name: string;
  astronomical: boolean;
  defaultProgramId: string;
  rules: RuleDraft[];
}

let nextKey = 0;

/** A new rule (a daily one from `startDate`), or one as stored. */
export function ruleDraft(rule: CalendarRule | { startDate: string; programId: string }): RuleDraft {
  const stored = 'repetition' in rule ? rule : null;
  return {
    key: (nextKey += 1),
    repetition: stored?.repetition ?? 'daily',
    weekdays: stored?.repetition === 'weekly' ? [...stored.weekdays] : ['saturday', 'sunday'],
    startDate: rule.startDate,
    endDate: stored && stored.repetition !== 'once' ? (stored.endDate ?? '') : '',
    programId: rule.programId,
  };
}

export function calendarDraft(calendar: CalendarEdit): CalendarDraft {
  return {
    name: calendar.name,
    astronomical: calendar.astronomical,
    defaultProgramId: calendar.defaultProgramId ?? '',
    rules: calendar.rules.map(ruleDraft),
  };
}

/** The rule the draft stands for, as the API takes it (possibly invalid: `checkCalendar` says why). */
function draftRule(row: RuleDraft): CalendarRule {
  const base = { startDate: row.startDate, programId: row.programId };
  const end = row.endDate === '' ? {} : { endDate: row.endDate };
  switch (row.repetition) {
    case 'once':
      return { repetition: 'once', ...base };
    case 'weekly':
      return { repetition: 'weekly', weekdays: row.weekdays, ...base, ...end };
    default:
      return { repetition: row.repetition, ...base, ...end };
  }
}

export function draftCalendar(draft: CalendarDraft): CalendarEdit {
  return {
    name: draft.name.trim(),
    astronomical: draft.astronomical,
    defaultProgramId: draft.defaultProgramId === '' ? null : draft.defaultProgramId,
    rules: draft.rules.map(draftRule),
  };
}

/** The draft's problems by field path (`name`, `rules`, `rules.1.endDate` …), as the server would find them. */
export function checkCalendar(draft: CalendarDraft): { value: CalendarEdit | null; issues: FieldIssue[] } {
  const parsed = CalendarEditSchema.safeParse(draftCalendar(draft));
  return parsed.success ? { value: parsed.data, issues: [] } : { value: null, issues: toFieldIssues(parsed.error) };
}

/** Moves the rule at `index` one place up (-1) or down (+1); order breaks ties between rules of one repetition. */
export function moveRule(rules: readonly RuleDraft[], index: number, by: -1 | 1): RuleDraft[] {
  const target = index + by;
  if (target < 0 || target >= rules.length) return [...rules];
  const moved = [...rules];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

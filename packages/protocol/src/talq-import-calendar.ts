import { type CalendarRule, type Weekday, WEEKDAYS } from './scheduling';
import { type CalendarEdit, CalendarEditSchema } from './scheduling-api';
import { type Findings, type ParsedCalendar, TALQ_OPEN_START, TALQ_REFUSALS } from './talq-findings';

/**
 * A TALQ `Calendar` read back into a Farola calendar (docs/talq-interchange.md, "Calendars"): its
 * rules keep their order, each becoming a once, daily, weekly or yearly rule.
 */

type ParsedRule = ParsedCalendar['rules'][number];

/** The weekdays of a ccDay, ranges spread out, each once. */
function weekdaysOf(days: readonly { start: number; end?: number | undefined }[]): Weekday[] {
  const picked = days.flatMap(({ start, end }) =>
    Array.from({ length: (end ?? start) - start + 1 }, (_unused, i) => WEEKDAYS[start - 1 + i]!),
  );
  return [...new Set(picked)];
}

/** The first date on or after `from` that is `--mm-dd`, or null (a 30 February). */
function firstOccurrence(monthDay: string, from: string): string | null {
  const firstYear = Number(from.slice(0, 4));
  for (let year = firstYear; year <= firstYear + 8; year += 1) {
    const date = `${String(year).padStart(4, '0')}-${monthDay.slice(2)}`;
    const valid = new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
    if (valid && date >= from) return date;
  }
  return null;
}

function readRule(rule: ParsedRule, at: string, programId: string, findings: Findings): CalendarRule | null {
  const before = findings.issues.length;
  for (const field of ['startDate', 'endDate'] as const) {
    if (rule[field]?.startsWith('--')) {
      findings.refuse(`${at}.${field}`, TALQ_REFUSALS.recurringDates, 'Rules run between two dates');
    }
  }
  if (findings.issues.length > before) return null;
  const startDate = rule.startDate ?? TALQ_OPEN_START;
  const end = rule.endDate === undefined ? {} : { endDate: rule.endDate };
  const { condition } = rule;
  if (!condition) {
    if (rule.endDate !== undefined && rule.endDate === rule.startDate)
      return { repetition: 'once', startDate, programId };
    return { repetition: 'daily', startDate, programId, ...end };
  }
  if (condition.type === 'ccDay') {
    if ((condition.occurrences ?? []).length > 0) {
      findings.refuse(`${at}.condition.occurrences`, TALQ_REFUSALS.occurrences, 'Weekly rules run every week');
      return null;
    }
    return { repetition: 'weekly', weekdays: weekdaysOf(condition.days), startDate, programId, ...end };
  }
  const [only, ...more] = condition.dates;
  const yearDay = only && more.length === 0 && only.end === undefined && !only.start.startsWith('---');
  if (!only || !yearDay) {
    findings.refuse(`${at}.condition.dates`, TALQ_REFUSALS.dateCondition, 'A yearly rule is one day of the year');
    return null;
  }
  const first = firstOccurrence(only.start, startDate);
  if (first === null) {
    findings.issues.push({ path: `${at}.condition.dates.0.start`, rule: 'format', message: 'No such day' });
    return null;
  }
  return { repetition: 'yearly', startDate: first, programId, ...end };
}

const RULE_FIELDS: Record<string, string> = {
  startDate: 'startDate',
  endDate: 'endDate',
  weekdays: 'condition.days',
  programId: 'program',
};

export function readCalendar(
  calendar: ParsedCalendar,
  at: string,
  programKeys: ReadonlyMap<string, string>,
  findings: Findings,
): CalendarEdit | null {
  const before = findings.issues.length;
  const keyOf = (id: string, path: string) => {
    const key = programKeys.get(id);
    if (!key) {
      findings.refuse(path, TALQ_REFUSALS.unknownProgram, `No control program ${id} in the document`, { program: id });
    }
    return key;
  };
  const defaultProgramId = calendar.defaultProgram ? keyOf(calendar.defaultProgram, `${at}.defaultProgram`) : null;
  const rules = calendar.rules.flatMap((rule, index) => {
    const path = `${at}.rules.${index}`;
    const programId = keyOf(rule.program, `${path}.program`);
    const read = programId ? readRule(rule, path, programId, findings) : null;
    return read ? [read] : [];
  });
  if (findings.issues.length > before) return null;
  const namePath = calendar.name === undefined ? `${at}.id` : `${at}.name`;
  const edit = {
    name: calendar.name ?? calendar.id,
    astronomical: calendar.astronomical,
    defaultProgramId: defaultProgramId ?? null,
    rules,
  };
  const parsed = CalendarEditSchema.safeParse(edit);
  if (parsed.success) return parsed.data;
  findings.relocate(
    parsed.error,
    (path) => {
      const [field, index, part] = path.split('.');
      if (field === 'name') return namePath;
      if (field !== 'rules' || index === undefined) return `${at}.rules`;
      return [`${at}.rules.${index}`, ...(part ? [RULE_FIELDS[part] ?? part] : [])].join('.');
    },
    (issue) =>
      issue.path === `${at}.rules` && issue.rule === 'min' ? { ...issue, code: 'calendar.error.ruleRequired' } : issue,
  );
  return null;
}

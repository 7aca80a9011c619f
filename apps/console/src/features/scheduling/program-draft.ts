import {
  ControlProgramEditSchema,
  type ControlProgramEdit,
  type FieldIssue,
  type ProgramInterval,
  toFieldIssues,
} from '@farola/protocol';

export type StartKind = 'time' | 'sunset' | 'sunrise';

/** One interval as the editor holds it: every field as typed, kept whatever the start kind. */
export interface IntervalDraft {
  key: number;
  kind: StartKind;
  time: string;
  offset: string;
  dimming: string;
  fading: string;
}

export interface ProgramDraft {
  name: string;
  intervals: IntervalDraft[];
}

let nextKey = 0;

export function intervalDraft(interval: ProgramInterval): IntervalDraft {
  const { start } = interval;
  return {
    key: (nextKey += 1),
    kind: typeof start === 'string' ? 'time' : start.sun,
    time: typeof start === 'string' ? start : '23:00',
    offset: typeof start === 'string' ? '0' : String(start.offsetMinutes),
    dimming: String(interval.dimming),
    fading: String(interval.fadingMinutes),
  };
}

/** What a new program starts with: on at sunset, dimmed to 60 % at 23:00, off at sunrise. */
export const NEW_PROGRAM: ControlProgramEdit = {
  name: '',
  intervals: [
    { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
    { start: '23:00', dimming: 60, fadingMinutes: 15 },
    { start: { sun: 'sunrise', offsetMinutes: 0 }, dimming: 0, fadingMinutes: 0 },
  ],
};

export function programDraft(program: ControlProgramEdit): ProgramDraft {
  return { name: program.name, intervals: program.intervals.map(intervalDraft) };
}

/** A typed number, or NaN for anything that is not a whole number (the schema then says why). */
const whole = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

/** The program the draft stands for, as the API takes it (possibly invalid: `checkDraft` says why). */
export function draftProgram(draft: ProgramDraft): ControlProgramEdit {
  return {
    name: draft.name.trim(),
    intervals: draft.intervals.map((row) => ({
      start: row.kind === 'time' ? row.time : { sun: row.kind, offsetMinutes: whole(row.offset) },
      dimming: whole(row.dimming),
      fadingMinutes: whole(row.fading),
    })),
  };
}

/** The draft's problems by field path (`name`, `intervals.1.start`, `intervals.2.dimming` …), as the server would find them. */
export function checkDraft(draft: ProgramDraft): { value: ControlProgramEdit | null; issues: FieldIssue[] } {
  const parsed = ControlProgramEditSchema.safeParse(draftProgram(draft));
  return parsed.success ? { value: parsed.data, issues: [] } : { value: null, issues: toFieldIssues(parsed.error) };
}

/** The intervals of a draft that are complete enough to draw: those whose numbers are numbers. */
export function drawableIntervals(draft: ProgramDraft): ProgramInterval[] {
  return draftProgram(draft).intervals.filter(
    (interval) =>
      Number.isFinite(interval.dimming) &&
      Number.isFinite(interval.fadingMinutes) &&
      (typeof interval.start === 'string'
        ? /^\d\d:\d\d$/.test(interval.start)
        : Number.isFinite(interval.start.offsetMinutes)),
  );
}

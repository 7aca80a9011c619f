import type { z } from 'zod';
import { type FieldIssue, toFieldIssues } from './errors';
import type { ParsedTalqDocument } from './talq';

/** The codes of what Farola cannot represent, each translated by the console (`scheduling` namespace). */
export const TALQ_REFUSALS = {
  dayOffset: 'talq.error.dayOffset',
  programType: 'talq.error.programType',
  activePeriod: 'talq.error.activePeriod',
  dynamicControl: 'talq.error.dynamicControl',
  state: 'talq.error.state',
  levelMissing: 'talq.error.levelMissing',
  operation: 'talq.error.operation',
  seconds: 'talq.error.seconds',
  ramp: 'talq.error.ramp',
  rampFrom: 'talq.error.rampFrom',
  occurrences: 'talq.error.occurrences',
  dateCondition: 'talq.error.dateCondition',
  recurringDates: 'talq.error.recurringDates',
  unknownProgram: 'talq.error.unknownProgram',
  duplicateId: 'talq.error.duplicateId',
  duplicateName: 'talq.error.duplicateName',
} as const;
export type TalqRefusal = (typeof TALQ_REFUSALS)[keyof typeof TALQ_REFUSALS];

/** The first day of a TALQ rule without a start date ('since the beginning of time'): before any light point's clock. */
export const TALQ_OPEN_START = '2000-01-01';

export type ParsedProgram = ParsedTalqDocument['controlPrograms'][number];
export type ParsedCalendar = ParsedTalqDocument['calendars'][number];

/** What an import found: refusals with their codes, and Farola's own findings moved to the document's paths. */
export class Findings {
  readonly issues: FieldIssue[] = [];
  refuse(path: string, code: TalqRefusal, message: string, params: Record<string, string | number> = {}): void {
    this.issues.push({ path, rule: 'invalid', message, code, params });
  }
  /** Farola's own findings on what a part of the document became, moved to the document's paths. */
  relocate(error: z.ZodError, place: (path: string) => string, adjust?: (issue: FieldIssue) => FieldIssue): void {
    for (const issue of toFieldIssues(error)) {
      const moved = { ...issue, path: place(issue.path) };
      this.issues.push(adjust ? adjust(moved) : moved);
    }
  }
}

import { FieldIssueSchema, type FieldIssue, TALQ_REFUSALS } from '@farola/protocol';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ApiError } from '@/lib/api/api-error';
import { type ErrorsT, errorMessage, fieldRuleMessage } from '@/lib/api/error-message';

/**
 * The scheduling texts of the codes an import's findings carry: what Farola cannot represent
 * (`talq.error.*`), and Farola's own checks of what it can, as its editors word them.
 */
const CODE_KEYS: Record<string, string> = {
  ...Object.fromEntries(Object.values(TALQ_REFUSALS).map((code) => [code, code])),
  'controlProgram.error.wrongFadingTime': 'program.error.wrongFadingTime',
  'calendar.error.ruleRequired': 'calendar.error.ruleRequired',
  'calendar.error.endBeforeStart': 'calendar.error.endBeforeStart',
  'calendar.error.ruleNeverApplies': 'calendar.error.ruleNeverApplies',
};

/** One finding as the import dialog lists it: the field's path in the file, and what is wrong there. */
export interface ShownIssue {
  path: string;
  message: string;
}

/** Why nothing was imported: the server's refusal in the user's language, and each field it names. */
export interface ImportFailure {
  message: string;
  issues: ShownIssue[];
}

const IssuesSchema = z.array(FieldIssueSchema);

/** A finding's message: its code's text when it has one, else its field rule's ('Required field', 'Maximum value is 100'). */
export function issueMessage(t: TFunction<'scheduling'>, tErrors: ErrorsT, issue: FieldIssue): string {
  const key = issue.code === undefined ? undefined : CODE_KEYS[issue.code];
  if (key) return t(key, issue.params ?? {});
  return fieldRuleMessage(tErrors, issue.rule, issue.limit);
}

/**
 * What an import's failure shows: for a refused document, each finding at its path in the file
 * (`controlPrograms.0.fixedTimeControls.1.startTime`); for anything else, its message
 * ('Control program Night already exists').
 */
export function importFailure(t: TFunction<'scheduling'>, tErrors: ErrorsT, error: unknown): ImportFailure {
  const details = error instanceof ApiError ? IssuesSchema.safeParse(error.details) : null;
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && details?.success) {
    return {
      message: t('talq.refused'),
      issues: details.data.map((issue) => ({
        path: issue.path.replace(/^document\.?/, ''),
        message: issueMessage(t, tErrors, issue),
      })),
    };
  }
  return { message: errorMessage(tErrors, error), issues: [] };
}

import { type FieldIssue, toFieldIssues } from './errors';
import type { CalendarEdit, ControlProgramEdit } from './scheduling-api';
import { type ParsedTalqDocument, TALQ_DAY_OFFSET, TalqDocumentSchema } from './talq';
import { Findings, TALQ_REFUSALS } from './talq-findings';
import { readCalendar } from './talq-import-calendar';
import { readProgram } from './talq-import-program';

/**
 * Reading a TALQ-shaped document back into Farola's programs and calendars. What Farola cannot
 * represent is refused, each time with the path of the field in the document and a code of its own
 * (`TALQ_REFUSALS`); what it can is checked by Farola's own schemas, their findings moved to the
 * document's paths. See docs/talq-interchange.md.
 */

/**
 * What an import creates: the programs, each under a provisional id that the calendars' rules use
 * (the server replaces it with the program's id once created), and the calendars.
 */
export interface TalqImport {
  programs: { key: string; program: ControlProgramEdit }[];
  calendars: CalendarEdit[];
}

export type TalqImportOutcome = { ok: true; value: TalqImport } | { ok: false; issues: FieldIssue[] };

const provisionalKey = (index: number) => `ffffffff-ffff-4fff-bfff-${index.toString(16).padStart(12, '0')}`;

/** Each id and each name (in any case, as the database compares them) once per list. */
function checkUnique(list: readonly { id: string; name?: string | undefined }[], at: string, findings: Findings): void {
  const ids = new Set<string>();
  const names = new Set<string>();
  list.forEach(({ id, name }, index) => {
    if (ids.has(id)) findings.refuse(`${at}.${index}.id`, TALQ_REFUSALS.duplicateId, 'Listed twice', { id });
    ids.add(id);
    const named = name ?? id;
    const namePath = `${at}.${index}.${name === undefined ? 'id' : 'name'}`;
    if (names.has(named.toLowerCase())) {
      findings.refuse(namePath, TALQ_REFUSALS.duplicateName, 'Named twice', { name: named });
    }
    names.add(named.toLowerCase());
  });
}

/**
 * Farola's programs and calendars from a parsed interchange document, or every finding, each with
 * the path of its field in the document.
 *
 * @example
 * const outcome = fromTalqDocument(TalqDocumentSchema.parse(json));
 * if (!outcome.ok) console.log(outcome.issues); // [{ path: 'controlPrograms.0.dynamicControls.0', code: 'talq.error.dynamicControl', … }]
 */
export function fromTalqDocument(document: ParsedTalqDocument): TalqImportOutcome {
  const findings = new Findings();
  if (document.calendars.length > 0 && (document.dayOffset ?? 0) !== TALQ_DAY_OFFSET) {
    const message = "Farola's calendar days run from noon to noon (dayOffset 12)";
    findings.refuse('dayOffset', TALQ_REFUSALS.dayOffset, message, { dayOffset: TALQ_DAY_OFFSET });
  }
  checkUnique(document.controlPrograms, 'controlPrograms', findings);
  checkUnique(document.calendars, 'calendars', findings);
  const programKeys = new Map(document.controlPrograms.map((program, index) => [program.id, provisionalKey(index)]));
  const programs = document.controlPrograms.flatMap((program, index) => {
    const read = readProgram(program, `controlPrograms.${index}`, findings);
    return read ? [{ key: provisionalKey(index), program: read }] : [];
  });
  const calendars = document.calendars.flatMap((calendar, index) => {
    const read = readCalendar(calendar, `calendars.${index}`, programKeys, findings);
    return read ? [read] : [];
  });
  if (findings.issues.length > 0) return { ok: false, issues: findings.issues };
  return { ok: true, value: { programs, calendars } };
}

/** `fromTalqDocument` for a document not yet parsed: what is not a document reads as its schema's findings. */
export function readTalqDocument(json: unknown): TalqImportOutcome {
  const parsed = TalqDocumentSchema.safeParse(json);
  return parsed.success ? fromTalqDocument(parsed.data) : { ok: false, issues: toFieldIssues(parsed.error) };
}

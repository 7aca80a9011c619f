import {
  CabinetConfigurationSchema,
  toFieldIssues,
  type CabinetConfigurationPatch,
  type ReportedCabinetConfiguration,
} from '@farola/protocol';
import type { ParameterProblem } from './configuration-form';

/** A row as the form holds it: the texts typed for its dimming level (%) and its power (W). */
export interface PowerTableDraftRow {
  level: string;
  watts: string;
}

/** The form's rows for a reported power table. */
export function toDraftRows(config: ReportedCabinetConfiguration): PowerTableDraftRow[] {
  return config.other.powerTable.map((row) => ({ level: String(row.level), watts: String(row.watts) }));
}

/** A new row after the last: ten points up (at most 100 %), drawing what the last row draws. */
export function nextDraftRow(rows: readonly PowerTableDraftRow[]): PowerTableDraftRow {
  const last = rows.at(-1);
  if (!last) return { level: '0', watts: '0' };
  const level = Number(last.level);
  return { level: Number.isFinite(level) ? String(Math.min(100, level + 10)) : '', watts: last.watts };
}

export interface PowerTableCheck {
  /** Each row's problems, by row index then column. */
  rows: Record<number, Partial<Record<keyof PowerTableDraftRow, ParameterProblem>>>;
  /** A problem of the table as a whole: its levels must increase. */
  table: ParameterProblem | null;
  /** The change to send as `setConfiguration`, null while there is a problem or nothing changed. */
  patch: CabinetConfigurationPatch | null;
}

const ROW_PATH = /^other\.powerTable\.(\d+)\.(level|watts)$/;

/**
 * Checks the edited power table with the cabinet's own schema (CabinetConfigurationSchema: each
 * row's bounds, at most 101 rows, levels increasing) and gives the patch that replaces it.
 *
 * @example
 * checkPowerTable(reported, [{ level: '0', watts: '12' }, { level: '100', watts: '140' }]).patch;
 * // { other: { powerTable: [{ level: 0, watts: 12 }, { level: 100, watts: 140 }] } }
 */
export function checkPowerTable(
  reported: ReportedCabinetConfiguration,
  drafts: readonly PowerTableDraftRow[],
): PowerTableCheck {
  const rows: PowerTableCheck['rows'] = {};
  const problem = (index: number, column: keyof PowerTableDraftRow, found: ParameterProblem) => {
    (rows[index] ??= {})[column] ??= found;
  };
  const powerTable = drafts.map((draft, index) => {
    const typed = { level: Number.NaN, watts: Number.NaN };
    for (const column of ['level', 'watts'] as const) {
      const text = draft[column].trim();
      if (text === '') problem(index, column, { rule: 'required' });
      else if (!Number.isFinite(Number(text))) problem(index, column, { rule: 'type' });
      else typed[column] = Number(text);
    }
    return typed;
  });
  const { password: _masked, ...mobile } = reported.mobile;
  const candidate = { ...reported, mobile, other: { ...reported.other, powerTable } };
  const parsed = CabinetConfigurationSchema.safeParse(candidate);
  let table: ParameterProblem | null = null;
  if (!parsed.success) {
    for (const issue of toFieldIssues(parsed.error)) {
      const match = ROW_PATH.exec(issue.path);
      const found = { rule: issue.rule, ...(issue.limit === undefined ? {} : { limit: issue.limit }) };
      if (match) problem(Number(match[1]), match[2] as keyof PowerTableDraftRow, found);
      else if (issue.path.startsWith('other.powerTable')) table ??= found;
    }
  }
  const valid = Object.keys(rows).length === 0 && table === null;
  const changed = JSON.stringify(powerTable) !== JSON.stringify(reported.other.powerTable);
  return { rows, table, patch: valid && changed ? { other: { powerTable } } : null };
}

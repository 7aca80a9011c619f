import { TALQ_DOCUMENT_MAX_BYTES } from '@farola/protocol';

/** Why a chosen file is not sent: not a .json file, larger than an import takes, or not JSON. */
export type TalqFileProblem = 'type' | 'size' | 'json';

export type TalqFile = { ok: true; json: unknown } | { ok: false; problem: TalqFileProblem };

/**
 * A chosen file's JSON, read only when it is a .json file no larger than an import takes
 * (`TALQ_DOCUMENT_MAX_BYTES`): the server refuses the rest, this says why before sending it.
 *
 * @example
 * const read = await readTalqFile(input.files[0]); // { ok: false, problem: 'type' } for a .csv
 */
export async function readTalqFile(file: File): Promise<TalqFile> {
  if (!file.name.toLowerCase().endsWith('.json')) return { ok: false, problem: 'type' };
  if (file.size > TALQ_DOCUMENT_MAX_BYTES) return { ok: false, problem: 'size' };
  try {
    return { ok: true, json: JSON.parse(await file.text()) as unknown };
  } catch {
    return { ok: false, problem: 'json' };
  }
}

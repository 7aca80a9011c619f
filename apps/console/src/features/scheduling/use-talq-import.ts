import { TALQ_DOCUMENT_MAX_BYTES, type TalqImportResult } from '@farola/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImportFailure, importFailure } from './talq-issues';
import { readTalqFile, type TalqFileProblem } from './talq-file';

/** What the import dialog shows: the chosen file, why it was not sent, why nothing was imported, or what was. */
export interface TalqImportState {
  file: File | null;
  problem: TalqFileProblem | null;
  failure: ImportFailure | null;
  result: TalqImportResult | null;
  importing: boolean;
}

const START: TalqImportState = { file: null, problem: null, failure: null, result: null, importing: false };

/** '1 MB': the largest file an import takes, in the user's language. */
export function useMaxSize(): string {
  const { i18n } = useTranslation();
  const megabytes = TALQ_DOCUMENT_MAX_BYTES / (1024 * 1024);
  return new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'megabyte' }).format(megabytes);
}

/**
 * The import dialog's steps: a file chosen (anything said before cleared), then read and checked
 * here (.json, size, JSON) and sent with `send`; the server's answer kept for the dialog to show.
 */
export function useTalqImport(send: (document: unknown) => Promise<TalqImportResult>) {
  const { t } = useTranslation('scheduling');
  const { t: tErrors } = useTranslation('errors');
  const [state, setState] = useState<TalqImportState>(START);
  return {
    state,
    choose: (file: File | null) => setState({ ...START, file }),
    run: async () => {
      if (!state.file) return;
      const read = await readTalqFile(state.file);
      if (!read.ok) return setState({ ...START, file: state.file, problem: read.problem });
      setState({ ...START, file: state.file, importing: true });
      try {
        const result = await send(read.json);
        setState({ ...START, file: state.file, result });
      } catch (error) {
        setState({ ...START, file: state.file, failure: importFailure(t, tErrors, error) });
      }
    },
  };
}

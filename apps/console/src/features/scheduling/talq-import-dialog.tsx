import type { TalqImportResult } from '@farola/protocol';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DocumentRegular } from '@fluentui/react-icons';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelButton } from '@/components/cancel-button';
import { useTalqImportDialogStyles } from './talq-import-dialog.styles';
import type { ImportFailure } from './talq-issues';
import { useMaxSize, useTalqImport } from './use-talq-import';

const PROBLEM_KEYS = { type: 'talq.problem.type', size: 'talq.problem.size', json: 'talq.problem.json' } as const;

/**
 * Import (TALQ JSON): a .json file of control programs and calendars (docs/talq-interchange.md),
 * created in the project all together or not at all; each field the server refuses is listed with
 * its path in the file, and a success says what was created.
 */
export function TalqImportDialog(props: {
  projectName: string;
  onImport: (document: unknown) => Promise<TalqImportResult>;
  onClose: () => void;
}) {
  const { t } = useTranslation('scheduling');
  const { t: tCommon } = useTranslation('common');
  const styles = useTalqImportDialogStyles();
  const size = useMaxSize();
  const { state, choose, run } = useTalqImport(props.onImport);
  const input = useRef<HTMLInputElement>(null);
  const fileNameId = useId();
  const done = state.result !== null;
  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && props.onClose()}>
      <DialogSurface data-testid="talq-import-dialog">
        <DialogBody>
          <DialogTitle>{t('talq.importTitle', { project: props.projectName })}</DialogTitle>
          <DialogContent className={styles.content}>
            <p className={styles.hint}>{t('talq.importHint', { size })}</p>
            <div className={styles.file}>
              <Button
                icon={<DocumentRegular />}
                disabled={state.importing}
                aria-describedby={fileNameId}
                onClick={() => input.current?.click()}
              >
                {t('talq.choose')}
              </Button>
              <span id={fileNameId} data-testid="talq-file-name">
                {state.file?.name ?? t('talq.noFile')}
              </span>
              <input
                ref={input}
                className={styles.fileInput}
                type="file"
                accept=".json,application/json"
                aria-label={t('talq.file')}
                data-testid="talq-file"
                onChange={(event) => {
                  choose(event.target.files?.[0] ?? null);
                  // The same file may be chosen again once corrected.
                  event.target.value = '';
                }}
              />
            </div>
            {state.problem && (
              <MessageBar intent="error" data-testid="talq-problem">
                <MessageBarBody>{t(PROBLEM_KEYS[state.problem], { size })}</MessageBarBody>
              </MessageBar>
            )}
            {state.failure && <FailureMessage failure={state.failure} />}
            {state.result && <ResultMessage result={state.result} />}
          </DialogContent>
          <DialogActions>
            <CancelButton onClick={props.onClose}>{done ? t('editor.close') : tCommon('action.cancel')}</CancelButton>
            {!done && (
              <Button
                appearance="primary"
                data-testid="talq-import"
                icon={state.importing ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
                disabled={state.file === null || state.importing}
                onClick={() => void run()}
              >
                {state.importing ? t('talq.importing') : t('talq.importAction')}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function FailureMessage({ failure }: { failure: ImportFailure }) {
  const { t } = useTranslation('scheduling');
  const styles = useTalqImportDialogStyles();
  return (
    <MessageBar intent="error" layout="multiline" data-testid="talq-failure">
      <MessageBarBody>
        <MessageBarTitle>{t('talq.nothingImported')}</MessageBarTitle> {failure.message}
        {failure.issues.length > 0 && (
          <ul className={styles.issues}>
            {failure.issues.map((issue, index) => (
              <li key={`${issue.path}-${index}`} data-testid="talq-issue">
                <span className={styles.path}>{issue.path}</span>: {issue.message}
              </li>
            ))}
          </ul>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}

function ResultMessage({ result }: { result: TalqImportResult }) {
  const { t, i18n } = useTranslation('scheduling');
  const styles = useTalqImportDialogStyles();
  const list = (names: string[]) => new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names);
  const programs = result.programs.map((program) => program.name);
  const calendars = result.calendars.map((calendar) => calendar.name);
  return (
    <MessageBar intent="success" layout="multiline" data-testid="talq-imported">
      <MessageBarBody>
        <MessageBarTitle>{t('talq.imported')}</MessageBarTitle>
        <ul className={styles.lines}>
          {programs.length > 0 && (
            <li>{t('talq.importedPrograms', { count: programs.length, names: list(programs) })}</li>
          )}
          {calendars.length > 0 && (
            <li>{t('talq.importedCalendars', { count: calendars.length, names: list(calendars) })}</li>
          )}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}

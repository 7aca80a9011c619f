import { ACTION_ROLES } from '@farola/protocol';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import { useSignedInUser } from '@/lib/auth/user-context';
import { useNotify } from '@/lib/notifications/use-notify';
import { downloadTalq, importTalq } from './talq-api';
import { TalqImportDialog } from './talq-import-dialog';
import { useSchedulingReload } from './use-scheduling-writes';

const useStyles = makeStyles({ root: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS } });

/** Starts a TALQ download, telling a failure in the user's language. */
export function useTalqDownload() {
  const { t } = useTranslation('scheduling');
  const { t: tErrors } = useTranslation('errors');
  const notify = useNotify();
  return (target: { projectId: string; calendarId?: string }, name: string) =>
    downloadTalq(target, name).catch((error: unknown) =>
      notify.error(t('talq.exportFailed'), errorMessage(tErrors, error)),
    );
}

/**
 * The project's TALQ interchange (docs/talq-interchange.md): 'Export (TALQ JSON)' of all its
 * control programs and calendars, for whoever sees them, and 'Import (TALQ JSON)' for those who may
 * change them.
 */
export function SchedulingInterchange({ projectId, projectName }: { projectId: string; projectName: string }) {
  const { t } = useTranslation('scheduling');
  const styles = useStyles();
  const mayManage = useSignedInUser().hasAnyRole(ACTION_ROLES.manageScheduling);
  const download = useTalqDownload();
  const reload = useSchedulingReload();
  const [importing, setImporting] = useState(false);
  return (
    <div className={styles.root}>
      <Button icon={<ArrowDownloadRegular />} onClick={() => void download({ projectId }, projectName)}>
        {t('talq.export')}
      </Button>
      {mayManage && (
        <Button icon={<ArrowUploadRegular />} onClick={() => setImporting(true)}>
          {t('talq.import')}
        </Button>
      )}
      {importing && (
        <TalqImportDialog
          projectName={projectName}
          onImport={async (document) => {
            const result = await importTalq(projectId, document);
            void reload();
            return result;
          }}
          onClose={() => setImporting(false)}
        />
      )}
    </div>
  );
}

import {
  BulkActionRequestSchema,
  BulkCheckRequestSchema,
  OPERATE_MODE_TABLE,
  OPERATE_MODES,
  type BulkActionName,
  type BulkCheck,
  type DeviceType,
  type OperateMode,
} from '@farola/protocol';
import {
  Body1,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
} from '@fluentui/react-components';
import { WarningRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { CancelButton } from '@/components/cancel-button';
import { errorCodeMessage, errorMessage } from '@/lib/api/error-message';
import { useAllProjects } from '@/lib/api/projects';
import { useNotify } from '@/lib/notifications/use-notify';
import { paths } from '@/lib/paths';
import { checkBulkAction, startBulkAction } from './api';
import { useBulkDialogStyles } from './bulk-action-dialog.styles';
import { ACTION_KEYS, GRAVE_ACTIONS } from './bulk-actions';

interface BulkActionDialogProps {
  action: BulkActionName;
  deviceIds: readonly string[];
  deviceType?: DeviceType | undefined;
  onClose: () => void;
  onStarted: () => void;
}

type CheckState = { state: 'checking' } | { state: 'checked'; check: BulkCheck } | { state: 'failed'; message: string };

/** Today in the browser's zone, `YYYY-MM-DD`. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * One bulk action on a selection (spec §5 bulk rules): the server checks the selection first —
 * a mix of vendor families is refused ('Selected items are incompatible'), devices that do not
 * support the action are listed and, once the user accepts, left out — then the action's
 * parameters, the consequences box of destructive ones, and the job starts on the server.
 */
export function BulkActionDialog({ action, deviceIds, deviceType, onClose, onStarted }: BulkActionDialogProps) {
  const { t } = useTranslation('bulk');
  const { t: tErrors } = useTranslation('errors');
  const styles = useBulkDialogStyles();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const { projects } = useAllProjects();
  const [operateMode, setOperateMode] = useState<OperateMode>('005');
  const [projectId, setProjectId] = useState('');
  const [installationDate, setInstallationDate] = useState(today);
  const [consequencesAccepted, setConsequencesAccepted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const params =
    action === 'setOperateMode'
      ? { operateMode }
      : action === 'changeProject'
        ? { projectId }
        : action === 'resetInstallation'
          ? { installationDate }
          : {};

  // A project move is checked once the project is chosen (the server checks it too); the other
  // parameters do not change what a device supports, so the check runs once per action.
  const checkProject = action === 'changeProject' ? projectId : '';
  const checking = useQuery({
    // The selection is fixed while the dialog is open: its size and ends name it (hashing 100,000 ids would not do).
    queryKey: ['bulk-check', action, checkProject, deviceIds.length, deviceIds[0], deviceIds.at(-1)],
    queryFn: () => {
      const checkParams =
        action === 'changeProject'
          ? { projectId: checkProject }
          : action === 'setOperateMode'
            ? { operateMode: OPERATE_MODES[0] }
            : action === 'resetInstallation'
              ? { installationDate: today() }
              : {};
      return checkBulkAction(BulkCheckRequestSchema.parse({ action, params: checkParams, deviceIds: [...deviceIds] }));
    },
    enabled: action !== 'changeProject' || checkProject !== '',
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const checked: CheckState = checking.isError
    ? { state: 'failed', message: errorMessage(tErrors, checking.error) }
    : checking.data
      ? { state: 'checked', check: checking.data }
      : { state: 'checking' };

  const check = checked.state === 'checked' ? checked.check : null;
  const grave = GRAVE_ACTIONS.has(action);
  const runnable = check !== null && check.compatible && check.supported > 0;
  const canConfirm = runnable && (!grave || consequencesAccepted) && !submitting;

  const confirm = () => {
    if (!check) return;
    setSubmitting(true);
    setFailure(null);
    const body = BulkActionRequestSchema.parse({
      action,
      params,
      deviceIds: [...deviceIds],
      acceptUnsupported: check.unsupportedTotal > 0,
      ...(grave ? { consequencesAccepted: true } : {}),
    });
    startBulkAction(body)
      .then((job) => {
        notify.success(t('started'));
        onStarted();
        navigate(
          action === 'reboot' && deviceType === 'cabinet-controller'
            ? paths.cabinetControllersRebootSummary.build({ job: job.id })
            : paths.bulkJob.build({ id: job.id }),
        );
      })
      .catch((error: unknown) => {
        setSubmitting(false);
        setFailure(errorMessage(tErrors, error));
      });
  };

  return (
    <Dialog open modalType="alert" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t(ACTION_KEYS[action])}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>{t('dialog.selected', { count: deviceIds.length })}</Body1>
            {action === 'changeProject' && (
              <Field label={t('dialog.project')} required>
                <Select value={projectId} onChange={(_event, data) => setProjectId(data.value)}>
                  <option value="">{t('dialog.chooseProject')}</option>
                  {projects.map((project) => (
                    <option key={project.id} value={project.id}>
                      {project.name}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            {checked.state === 'checking' && (action !== 'changeProject' || checkProject !== '') && (
              <Spinner size="small" label={t('dialog.checking')} />
            )}
            {checked.state === 'failed' && (
              <MessageBar intent="error">
                <MessageBarBody>{checked.message}</MessageBarBody>
              </MessageBar>
            )}
            {check && !check.compatible && (
              <MessageBar intent="error" data-testid="bulk-incompatible">
                <MessageBarBody>{errorCodeMessage(tErrors, 'INCOMPATIBLE_SELECTION')}</MessageBarBody>
              </MessageBar>
            )}
            {check?.compatible && check.unsupportedTotal > 0 && <UnsupportedList check={check} />}
            {runnable && (
              <>
                {action === 'setOperateMode' && (
                  <Field label={t('dialog.operateMode')}>
                    <Select value={operateMode} onChange={(_event, data) => setOperateMode(data.value as OperateMode)}>
                      {OPERATE_MODES.map((mode) => (
                        <option key={mode} value={mode}>
                          {t('dialog.operateModeOption', {
                            code: mode,
                            supply: t(`supply.${OPERATE_MODE_TABLE[mode].supply}`),
                            light: t(`light.${OPERATE_MODE_TABLE[mode].light}`),
                          })}
                        </option>
                      ))}
                    </Select>
                  </Field>
                )}
                {action === 'resetInstallation' && (
                  <>
                    <Field label={t('dialog.installationDate')} required>
                      <Input
                        type="date"
                        value={installationDate}
                        max={today()}
                        onChange={(_event, data) => setInstallationDate(data.value)}
                      />
                    </Field>
                    <Body1>{t('dialog.resetTotal', { total: check.supported })}</Body1>
                  </>
                )}
                {action === 'disable' && <Body1>{t('dialog.disableTotal', { total: check.supported })}</Body1>}
                {grave && (
                  <MessageBar intent="warning">
                    <MessageBarBody>{t(`dialog.consequences.${action}`)}</MessageBarBody>
                  </MessageBar>
                )}
                {grave && (
                  <Checkbox
                    checked={consequencesAccepted}
                    onChange={(_event, data) => setConsequencesAccepted(data.checked === true)}
                    label={t('dialog.understand')}
                  />
                )}
              </>
            )}
            {failure !== null && (
              <MessageBar intent="error">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <CancelButton onClick={onClose}>{t('dialog.cancel')}</CancelButton>
            {runnable && (
              <Button
                appearance="primary"
                icon={grave ? <WarningRegular /> : null}
                disabled={!canConfirm}
                onClick={confirm}
              >
                {check.unsupportedTotal > 0
                  ? t('dialog.runOnSupported', { count: check.supported })
                  : t('dialog.confirm', { count: check.supported })}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function UnsupportedList({ check }: { check: BulkCheck }) {
  const { t } = useTranslation('bulk');
  const { t: tErrors } = useTranslation('errors');
  const styles = useBulkDialogStyles();
  const more = check.unsupportedTotal - check.unsupported.length;
  return (
    <div data-testid="bulk-unsupported">
      <MessageBar intent={check.supported > 0 ? 'warning' : 'error'}>
        <MessageBarBody>
          {check.supported > 0
            ? t('dialog.unsupported', { count: check.unsupportedTotal, supported: check.supported })
            : errorCodeMessage(tErrors, 'BULK_NO_SUPPORTED_DEVICES')}
        </MessageBarBody>
      </MessageBar>
      <ul className={styles.unsupported} aria-label={t('dialog.unsupportedList')}>
        {check.unsupported.map((device) => (
          <li key={device.deviceId}>
            {device.name} ({device.serialNumber}): {errorCodeMessage(tErrors, device.reason)}
          </li>
        ))}
        {more > 0 && <li>{t('dialog.moreUnsupported', { count: more })}</li>}
      </ul>
    </div>
  );
}

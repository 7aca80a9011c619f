import { supportsCommand, type CommandRequest, type Device, type QueuedRequest } from '@farola/protocol';
import {
  Button,
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
  ProgressBar,
} from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelButton } from '@/components/cancel-button';
import { errorCodeMessage } from '@/lib/api/error-message';
import { deviceRequestsQuery } from '@/lib/requests/device-requests-query';
import { FIRMWARE_COMMANDS } from './device-commands';
import { useFirmwareDialogStyles } from './firmware-dialog.styles';
import { useCommands } from './use-commands';

type FirmwareCommand = (typeof FIRMWARE_COMMANDS)[number];
const isFirmware = (request: QueuedRequest) => (FIRMWARE_COMMANDS as readonly string[]).includes(request.command);

const RESULT_KEYS = {
  IN_PROGRESS: 'firmware.inProgress',
  DONE: 'firmware.completed',
  ERROR: 'firmware.error',
  CANCELLED: 'firmware.cancelled',
} as const;
const RESULT_INTENT = { IN_PROGRESS: 'info', DONE: 'success', ERROR: 'error', CANCELLED: 'warning' } as const;

/** The latest firmware request of the device, live: 'Update in progress', 'Update completed' or 'Update error'. */
function FirmwareProgress({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');
  const queries = useQueryClient();
  const { data: requests = [] } = useQuery(deviceRequestsQuery(queries, deviceId));
  const latest = requests.find(isFirmware);
  if (!latest) return null;
  return (
    <MessageBar intent={RESULT_INTENT[latest.status]} data-testid="firmware-result" data-status={latest.status}>
      <MessageBarBody>
        {tDevice(`commandName.${latest.command}`)}: {t(RESULT_KEYS[latest.status])}
        {latest.error && ` — ${errorCodeMessage(tErrors, latest.error.code)}`}
        {latest.status === 'IN_PROGRESS' && (
          <ProgressBar
            value={latest.progress / 100}
            aria-label={tDevice('requests.progress', { progress: latest.progress })}
          />
        )}
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * The apply-update dialog (spec §4 'Firmware update'): download an update (a version, or the next
 * release), cancel the download, apply it, or upgrade / return to the previous version in one step.
 */
export function FirmwareDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const { send, isSending } = useCommands(device);
  const styles = useFirmwareDialogStyles();
  const [version, setVersion] = useState('');
  const supports = (command: FirmwareCommand) => supportsCommand(device.vendor, device.deviceType, command);
  const withVersion = version.trim() ? { version: version.trim() } : {};
  const requests: Record<FirmwareCommand, CommandRequest> = {
    downloadUpdate: { command: 'downloadUpdate', params: withVersion },
    cancelDownload: { command: 'cancelDownload', params: {} },
    applyUpdate: { command: 'applyUpdate', params: {} },
    upgrade: { command: 'upgrade', params: withVersion },
    downgrade: { command: 'downgrade', params: {} },
  };
  const action = (command: FirmwareCommand) =>
    supports(command) && (
      <Button
        key={command}
        data-testid={`firmware-${command}`}
        disabled={isSending}
        onClick={() => void send(requests[command])}
      >
        {tDevice(`commandName.${command}`)}
      </Button>
    );
  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('firmware.title')}</DialogTitle>
          <DialogContent>
            <p>
              {t('firmware.current', { version: device.firmwareVersion ?? device.attributes.firmwareVersion ?? '—' })}
            </p>
            <Field label={t('firmware.version')} hint={t('firmware.versionHint')}>
              <Input value={version} maxLength={40} onChange={(_event, data) => setVersion(data.value)} />
            </Field>
            {/* The firmware's commands are the dialog's content, wrapped as the language's words need;
                the dialog's own actions row holds Close alone, so nothing shares a line with it. */}
            <div role="group" aria-label={t('firmware.actions')} className={styles.commands}>
              {FIRMWARE_COMMANDS.map(action)}
            </div>
            <FirmwareProgress deviceId={device.id} />
          </DialogContent>
          <DialogActions>
            <CancelButton onClick={onClose}>{t('close')}</CancelButton>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

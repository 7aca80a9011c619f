import { ACTION_ROLES, supportsCommand, type Device, type QueuedRequest } from '@farola/protocol';
import { Button, Caption1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/auth/user-context';
import { commandBlock } from './device-commands';
import { useCommands } from './use-commands';

/** Asks the device for its hourly records since `from` (what the server is missing), when its family can. */
export function UploadLogButton({
  device,
  from,
  upload,
}: {
  device: Device;
  from: string;
  upload: QueuedRequest | undefined;
}) {
  const { t } = useTranslation('device-detail');
  const { send, isSending } = useCommands(device);
  const block = commandBlock(device, 'uploadLog', useSignedInUser().hasAnyRole(ACTION_ROLES.commandDevices));
  if (!supportsCommand(device.vendor, device.deviceType, 'uploadLog')) return null;
  const running = upload?.status === 'IN_PROGRESS';
  return (
    <div>
      <Button
        data-testid="upload-log"
        disabled={block !== null || isSending || running}
        title={block ? t(block) : undefined}
        onClick={() => void send({ command: 'uploadLog', params: { from, to: new Date().toISOString() } })}
      >
        {t('history.upload')}
      </Button>{' '}
      {running && <Caption1>{t('history.uploading', { progress: upload.progress })}</Caption1>}
    </div>
  );
}

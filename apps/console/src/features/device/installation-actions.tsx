import { ACTION_ROLES, type Device, type LifecycleAction } from '@farola/protocol';
import { Button } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowExitRegular } from '@fluentui/react-icons';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/auth/user-context';
import { MoveDialog } from './lifecycle-menu';
import { useInstallationProgressStyles } from './installation-progress.styles';
import { useLifecycle } from './use-lifecycle';

/** Where a failed installation leads: another attempt, or out to revision (the menu has the rest). */
const WAYS_ON: readonly { action: LifecycleAction; icon: ReactElement; primary: boolean }[] = [
  { action: 'retryInstallation', icon: <ArrowClockwiseRegular />, primary: true },
  { action: 'sendToRevision', icon: <ArrowExitRegular />, primary: false },
];

/** 'Retry installation' and 'Send to revision' for a device whose installation failed, each confirmed first. */
export function InstallationActions({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  const styles = useInstallationProgressStyles();
  const mayManage = useSignedInUser().hasAnyRole(ACTION_ROLES.commandDevices);
  const { change, isChanging } = useLifecycle(device.id);
  const [open, setOpen] = useState<LifecycleAction | null>(null);
  if (!mayManage || device.disabled) return null;
  return (
    <div className={styles.actions}>
      {WAYS_ON.map(({ action, icon, primary }) => (
        <Button
          key={action}
          data-testid={`installation-${action}`}
          appearance={primary ? 'primary' : 'secondary'}
          icon={icon}
          disabled={isChanging}
          onClick={() => setOpen(action)}
        >
          {t(`lifecycle.action.${action}`)}
        </Button>
      ))}
      {WAYS_ON.map(({ action }) => (
        <MoveDialog
          key={action}
          action={action}
          name={device.name || device.serialNumber}
          open={open === action}
          onCancel={() => setOpen(null)}
          onConfirm={() => {
            setOpen(null);
            void change(action);
          }}
        />
      ))}
    </div>
  );
}

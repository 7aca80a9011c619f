import { ACTION_ROLES, type Device, MANUAL_MODE_MAX_HOURS, type OutputState, supportsCommand } from '@farola/protocol';
import { Button, Subtitle2 } from '@fluentui/react-components';
import { ArrowResetRegular, EditRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { useSignedInUser } from '@/lib/auth/user-context';
import { useNotify } from '@/lib/notifications/use-notify';
import { CabinetOutputCard } from './cabinet-output-card';
import { useCabinetOutputCommands } from './cabinet-output-commands';
import { CabinetOutputDialog } from './cabinet-output-dialog';
import { useCabinetOutputStyles } from './cabinet-output-schedules.styles';

/**
 * A cabinet controller's outputs on its Scheduling tab (spec §3, §4): each with its mode, the
 * schedule it runs and until when a manual switch holds; for those who may command devices,
 * 'Edit schedule' (fixed rules or astronomical) and, for a manual output, 'Restore calendar'. The
 * requests show their progress in the panel's requests and their outcome as a toast.
 */
export function CabinetOutputSchedules({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('scheduling');
  const { t: tDevice } = useTranslation('device');
  const styles = useCabinetOutputStyles();
  const notify = useNotify();
  const { send, isSending } = useCabinetOutputCommands(device);
  const [editing, setEditing] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const mayCommand = useSignedInUser().hasAnyRole(ACTION_ROLES.commandDevices) && !device.disabled;
  const supports = (command: 'createCalendar' | 'createAstroCalendar' | 'restoreCalendar') =>
    supportsCommand(device.vendor, device.deviceType, command);
  const mayEdit = mayCommand && (supports('createCalendar') || supports('createAstroCalendar'));
  const mayRestore = mayCommand && supports('restoreCalendar');
  const formatTime = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.language]);

  const outputs = [...(device.attributes.outputs ?? [])].sort((a, b) => a.index - b.index);
  const edited = outputs.find((output) => output.index === editing);
  const actions = (output: OutputState) => (
    <>
      {mayEdit && (
        <Button
          size="small"
          icon={<EditRegular />}
          aria-label={t('cabinetOutputs.editOf', { index: output.index })}
          data-testid={`output-edit-${output.index}`}
          onClick={() => setEditing(output.index)}
        >
          {t('cabinetOutputs.edit')}
        </Button>
      )}
      {mayRestore && output.mode === 2 && (
        <Button
          size="small"
          icon={<ArrowResetRegular />}
          data-testid={`output-restore-${output.index}`}
          disabled={isSending}
          onClick={() => setRestoring(output.index)}
        >
          {tDevice('commandName.restoreCalendar')}
        </Button>
      )}
    </>
  );

  return (
    <section className={styles.root} aria-labelledby="cabinet-outputs-heading" data-testid="cabinet-outputs">
      <Subtitle2 as="h3" id="cabinet-outputs-heading">
        {t('cabinetOutputs.title')}
      </Subtitle2>
      {outputs.length === 0 && <EmptyState title={t('cabinetOutputs.none')} />}
      {outputs.map((output) => (
        <CabinetOutputCard key={output.index} output={output} formatTime={formatTime} actions={actions(output)} />
      ))}
      {edited && <CabinetOutputDialog device={device} output={edited} onSend={send} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={restoring !== null}
        title={tDevice('commandName.restoreCalendar')}
        message={t('device-detail:confirm.restoreOutput', { output: restoring, hours: MANUAL_MODE_MAX_HOURS })}
        confirmLabel={tDevice('commandName.restoreCalendar')}
        onCancel={() => setRestoring(null)}
        onConfirm={() => {
          const output = restoring;
          setRestoring(null);
          if (output !== null) {
            send({ command: 'restoreCalendar', params: { output } }).catch((error: unknown) =>
              notify.error(error instanceof Error ? error.message : String(error)),
            );
          }
        }}
      />
    </section>
  );
}

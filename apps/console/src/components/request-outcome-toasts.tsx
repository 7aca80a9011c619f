import { useStore } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { requestErrorMessage } from '@/lib/api/error-message';
import { useNotify } from '@/lib/notifications/use-notify';
import { requestNote } from '@/lib/requests/request-labels';
import { realtime } from '@/lib/realtime/live';
import { requestOutcome$ } from '@/lib/requests/request-outcomes';

/**
 * Toasts 'Operation success' (or what the done command could not change: a switch-on without mains)
 * or the translated error when a command sent from this tab ends,
 * naming the command and the device, so the operator learns it with the device's panel closed.
 * Mounted once for the signed-in app; renders nothing.
 */
export function RequestOutcomeToasts() {
  const store = useStore();
  const notify = useNotify();
  const { t } = useTranslation('device');
  const { t: tErrors } = useTranslation('errors');

  useEffect(() => {
    const subscription = requestOutcome$(store, realtime).subscribe(({ request, own }) => {
      const detail = t('outcome.detail', {
        command: t(`commandName.${request.command}`, { defaultValue: request.command }),
        device: own.deviceLabel,
      });
      const note = requestNote(t, request);
      if (note) notify.info(note, detail);
      else if (request.status === 'DONE') notify.success(t('commands.success'), detail);
      else notify.error(requestErrorMessage(tErrors, request.command, request.error?.code ?? 'UNKNOWN_ERROR'), detail);
    });
    return () => subscription.unsubscribe();
  }, [notify, store, t, tErrors]);

  return null;
}

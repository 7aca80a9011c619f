import { Toast, ToastBody, ToastTitle, useToastController } from '@fluentui/react-components';
import { useStore } from 'jotai';
import { useEffect, useMemo } from 'react';
import { TOASTER_ID } from '@/lib/toaster';
import { notificationsWantedAtom, whenNotificationsHostReady } from './notifications-host';

/**
 * Raises toasts in the main layout's notification stack: a title, and optionally a line of detail.
 * Using it asks the main layout to load the stack; a toast raised before it is mounted waits for it.
 */
export function useNotify() {
  const store = useStore();
  const { dispatchToast } = useToastController(TOASTER_ID);
  useEffect(() => store.set(notificationsWantedAtom, true), [store]);
  return useMemo(() => {
    const notify = (intent: 'success' | 'error' | 'info') => (title: string, detail?: string) => {
      const show = () =>
        dispatchToast(
          <Toast>
            <ToastTitle>{title}</ToastTitle>
            {detail !== undefined && <ToastBody>{detail}</ToastBody>}
          </Toast>,
          { intent },
        );
      const hostReady = whenNotificationsHostReady();
      if (hostReady) void hostReady.then(show);
      else show();
    };
    return { success: notify('success'), error: notify('error'), info: notify('info') };
  }, [dispatchToast]);
}

import { Toast, ToastBody, ToastTitle, useToastController } from '@fluentui/react-components';
import { useMemo } from 'react';
import { TOASTER_ID } from '@/lib/toaster';

/** Raises toasts in the main layout's notification stack: a title, and optionally a line of detail. */
export function useNotify() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useMemo(() => {
    const notify = (intent: 'success' | 'error' | 'info') => (title: string, detail?: string) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {detail !== undefined && <ToastBody>{detail}</ToastBody>}
        </Toast>,
        { intent },
      );
    return { success: notify('success'), error: notify('error'), info: notify('info') };
  }, [dispatchToast]);
}

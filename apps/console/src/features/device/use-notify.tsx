import { Toast, ToastTitle, useToastController } from '@fluentui/react-components';
import { useMemo } from 'react';
import { TOASTER_ID } from '@/lib/toaster';

/** Raises toasts in the main layout's notification stack. */
export function useNotify() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useMemo(() => {
    const notify = (intent: 'success' | 'error' | 'info') => (text: string) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        { intent },
      );
    return { success: notify('success'), error: notify('error'), info: notify('info') };
  }, [dispatchToast]);
}

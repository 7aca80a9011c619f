import { Toaster } from '@fluentui/react-components';
import { useEffect } from 'react';
import { notificationsHostMounted } from '@/lib/notifications/notifications-host';
import { TOASTER_ID } from '@/lib/toaster';
import { RequestOutcomeToasts } from './request-outcome-toasts';

/**
 * The notification stack and the outcome toasts of the commands sent from this tab. The main
 * layout loads it (a chunk of its own) once a screen that notifies is shown, and keeps it.
 */
export function NotificationsHost() {
  // Runs after the toaster's own effects: it is listening once this runs.
  useEffect(() => notificationsHostMounted(), []);
  return (
    <>
      <Toaster toasterId={TOASTER_ID} position="bottom-end" pauseOnHover />
      <RequestOutcomeToasts />
    </>
  );
}

import { atom } from 'jotai';

/**
 * Whether a screen that raises notifications has been shown (every user of `useNotify` sets it):
 * the main layout then loads the notifications' host (the toast stack and the outcome toasts of
 * this tab's commands), which the first screen does without.
 */
export const notificationsWantedAtom = atom(false);

let hostReady: Promise<void> | null = null;
let markHostReady: () => void = () => undefined;

/** The main layout is loading the host: notifications raised from now on wait until it is mounted. */
export function notificationsHostLoading(): void {
  hostReady ??= new Promise<void>((resolve) => {
    markHostReady = resolve;
  });
}

/** The host's toast stack is mounted and listening. */
export function notificationsHostMounted(): void {
  markHostReady();
}

/** Resolves once the host is mounted; null when no host is being loaded (a toast stack rendered directly). */
export function whenNotificationsHostReady(): Promise<void> | null {
  return hostReady;
}

import { useEffect, useRef } from 'react';

/** Spec §4/§9: 300 seconds without mouse movement or a key press end the session. */
export const IDLE_TIMEOUT_MS = 300_000;

const ACTIVITY_EVENTS = ['mousemove', 'keydown'] as const;

/** Calls `onIdle` once the user has been inactive for `timeoutMs`; each activity restarts the count. */
export function useInactivityLogout(onIdle: () => void, timeoutMs: number = IDLE_TIMEOUT_MS): void {
  // The latest callback, so a new function identity does not restart the timer.
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    let timer = window.setTimeout(() => onIdleRef.current(), timeoutMs);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => onIdleRef.current(), timeoutMs);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart);
    };
  }, [timeoutMs]);
}

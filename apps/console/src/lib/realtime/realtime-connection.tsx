import { useEffect } from 'react';
import { startFleetSync } from './fleet-sync';
import { realtime } from './live';
import { connectRealtime } from './socket';

/** Keeps the realtime socket and the live fleet atoms running while mounted; renders nothing. */
export function RealtimeConnection() {
  useEffect(() => {
    const disconnect = connectRealtime();
    const stopSync = startFleetSync(realtime);
    return () => {
      stopSync();
      disconnect();
    };
  }, []);
  return null;
}

import { useEffect } from 'react';
import { startFleetSync } from './fleet-sync';
import { realtime } from './live';
import { connectRealtime, transport } from './socket';
import { queryClient, queryKeys } from '@/lib/query/query-client';

/** Keeps the realtime socket and the live fleet atoms running while mounted; renders nothing. */
export function RealtimeConnection() {
  useEffect(() => {
    const disconnect = connectRealtime();
    const stopSync = startFleetSync(realtime);
    // The user's projects changed: what `/me` says (projects, user management) is out of date.
    const accessChanges = transport.access$.subscribe(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    );
    return () => {
      accessChanges.unsubscribe();
      stopSync();
      disconnect();
    };
  }, []);
  return null;
}

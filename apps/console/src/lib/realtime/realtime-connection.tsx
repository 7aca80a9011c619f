import { useEffect } from 'react';
import { connectRealtime, transport } from './socket';
import { queryClient, queryKeys } from '@/lib/query/query-client';

/** Keeps the realtime socket running while mounted; renders nothing. */
export function RealtimeConnection() {
  useEffect(() => {
    const disconnect = connectRealtime();
    // The user's projects changed: what `/me` says (projects, user management) is out of date.
    const accessChanges = transport.access$.subscribe(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    );
    return () => {
      accessChanges.unsubscribe();
      disconnect();
    };
  }, []);
  return null;
}

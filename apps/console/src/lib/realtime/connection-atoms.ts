import { atomWithObservable } from 'jotai/utils';
import { connectionState$ } from './socket';

/** The realtime connection's state, for components (they read atoms, never the socket). */
export const realtimeStateAtom = atomWithObservable(() => connectionState$, { initialValue: 'connecting' as const });

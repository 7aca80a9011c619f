import { RealtimeClient } from './realtime-client';
import { transport } from './socket';

/**
 * The console's one realtime client, following the socket from the start. Features follow a
 * stream with `realtime.stream$(address)` (one event of every stream with `realtime.event$`) and
 * reload on `realtime.resync$`; they never touch the socket.
 *
 * @example
 * realtime.stream$(streams.project(projectId)).subscribe(({ event, payload }) => …);
 */
export const realtime = new RealtimeClient(transport);
realtime.start();

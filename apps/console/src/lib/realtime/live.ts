import { RealtimeClient } from './realtime-client';
import { transport } from './socket';

/**
 * The console's one realtime client, following the socket from the start. Features read live
 * items from `realtime.event$` and reloads from `realtime.resync$`; they never touch the socket.
 *
 * @example
 * realtime.event$('DeviceCommandRequested').subscribe(({ request }) => …);
 */
export const realtime = new RealtimeClient(transport);
realtime.start();

import pino from 'pino';
import { BrokerGuard } from '../device-link/broker-guard';
import { type EmbeddedBroker, startEmbeddedBroker } from '../device-link/embedded-broker';

/** The server's credentials on an open test broker; any other user name and password sign in as a gateway. */
export const OPEN_BROKER_SERVER = { username: 'test-server', password: 'test-server-password' };

/**
 * An embedded broker standing in for an external one in tests: the server's client signs in with
 * OPEN_BROKER_SERVER, and any other user name with a password (and itself as client id) is a
 * gateway carrying every device. Anonymous clients are refused, as on the real broker.
 */
export function startOpenBroker(port = 0): Promise<EmbeddedBroker> {
  const guard = new BrokerGuard({
    server: OPEN_BROKER_SERVER,
    retained: { count: 100_000, bytes: 64 * 1024 * 1024 },
    logger: pino({ level: 'silent' }),
  });
  guard.setAccess({
    verify: (username) => Promise.resolve({ kind: 'gateway', gatewayId: username }),
    carries: () => true,
  });
  return startEmbeddedBroker({ port, host: '127.0.0.1', guard, maxPacketBytes: 65_536 });
}

import { ConfigError, loadConfig } from './config';
import { startFarolaServer } from './boot';
import { DataDirInUseError } from './db/data-dir-lock';

// Entry point of `npm start`: configuration from the environment, graceful stop on signals.
try {
  const server = await startFarolaServer(loadConfig());
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`${signal} received: stopping the Farola realtime-server`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  // A mistake in how the server was started is told in one line; anything else with its stack.
  console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
}

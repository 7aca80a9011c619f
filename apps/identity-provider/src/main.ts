import { IdpConfigError, loadIdpConfig } from './config';
import { startIdentityProvider } from './app';

// Entry point: configuration from the environment, graceful stop on signals.
try {
  const idp = await startIdentityProvider(loadIdpConfig());
  const stop = () => {
    idp.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof IdpConfigError ? error.message : error);
  process.exit(1);
}

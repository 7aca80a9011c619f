export { DEFAULT_CONSOLE_REDIRECT_URIS, DEFAULT_IDP_PORT, IdpConfigError, issuerFor, loadIdpConfig } from './config';
export type { IdpConfig } from './config';
export { startIdentityProvider, type RunningIdentityProvider } from './app';
export { DEMO_REALM_DEFINITION } from './realm';

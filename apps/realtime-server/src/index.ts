// The package entry: start the server from code (tests, the demo launcher) with a typed configuration.
export { ConfigError, loadConfig, type FarolaConfig } from './config';
export { startFarolaServer, type FarolaServer, type StartOptions } from './start';
export type { MqttMetrics } from './devices/ingest';
export type { User } from './services/user';

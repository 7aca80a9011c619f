// The package entry: start the server from code (tests, the demo launcher) with a typed configuration.
export { ConfigError, loadConfig, type FarolaConfig } from './config';
export { startFarolaServer, type FarolaServer, type StartOptions } from './boot';
export type { MqttMetrics } from './device-link/router';
export type { FarolaModule, ModuleContext, ModuleParts } from './platform/module';
export type { User } from './auth/user';

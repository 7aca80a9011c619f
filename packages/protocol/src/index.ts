// The package's public API: every schema, type and helper shared across Farola's processes.
export * from './alarms';
export * from './attributes';
export * from './commands';
export * from './devices';
export * from './errors';
export * from './events';
export * from './lifecycle';
export * from './modes';
export * from './mqtt';
export * from './pagination';
export * from './primitives';
export * from './projects';
export * from './requests';
export * from './roles';
export * from './topics';
export * from './vendors';

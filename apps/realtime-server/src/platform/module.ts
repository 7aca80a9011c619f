import type { Logger } from 'pino';
import type { Authenticate } from '../auth/authenticator';
import type { User } from '../auth/user';
import type { FarolaConfig } from '../config';
import type { Database } from '../db/database';
import type { DeviceLinkClient } from '../device-link/device-link';
import type { DeviceMessageHandlers } from '../device-link/router';
import type { Route } from '../http/define-route';
import type { DeviceLocator, JobLocator, ProjectVisibility } from '../realtime/socket-server';
import type { StreamHub } from '../realtime/stream-hub';
import type { ModuleEvents } from './events';
import type { LifecyclePart } from './lifecycle';
import type { ServiceMap, ServiceRegistry } from './services';

/** What the platform hands every module's `setup`. */
export interface ModuleContext {
  config: FarolaConfig;
  logger: Logger;
  /** Migrated: every module's migrations ran before the first setup. */
  db: Database;
  /** The services offered by the modules before this one in the module list. */
  services: ServiceRegistry;
  authenticate: Authenticate;
  /**
   * The realtime streams: numbers, batches and emits items to their sockets, and keeps them for
   * catch-up; `accessChanged` brings a user's open sockets in line with the projects it may now see;
   * `recheckStreams` drops detailed streams whose project changed from the sockets whose users may
   * not see it now.
   */
  realtime: {
    hub: StreamHub;
    accessChanged(userId: string): Promise<void>;
    recheckStreams(names: readonly string[]): void;
  };
  /**
   * The domain event bus: `on` subscribes this module to an event another module (or the platform)
   * emits, `emit` tells the subscribers of one this module declared (platform/events.ts). A handler
   * that fails is logged and counted; the others still run.
   */
  events: ModuleEvents;
  /** Commands out to devices; connected once every module is set up. */
  deviceLink: DeviceLinkClient;
}

/** What a module contributes; every field is optional. */
export interface ModuleParts {
  /** API routes under /lighting/api/v1, each with the roles it requires (`defineRoute`). */
  routes?: readonly Route[];
  /** Background work (a queue, a timer, a write buffer): started in module order, stopped in reverse. */
  parts?: readonly LifecyclePart[];
  /** Handlers of device messages per MQTT channel, called with the parsed, validated, typed message. */
  deviceMessages?: DeviceMessageHandlers;
  /** Services later modules may use (`ctx.services.get(name)`), typed by declaration merging into ServiceMap. */
  services?: Partial<ServiceMap>;
  /** Told of every caller once its token is verified (on each request and socket handshake); must not throw. */
  onAuthenticated?: (user: User) => void;
  /** Fields added to the health answer (`GET /lighting/api/health`), each read on every call. */
  health?: Record<string, () => unknown>;
  /**
   * What the sockets need to know from the module that knows it: which projects a user may see
   * (the projects module), the project of a device (the devices module), the projects of a job
   * (the jobs module). Each is offered by one module.
   */
  socketScope?: Partial<SocketScope>;
}

/** The questions the socket layer asks of the features: who sees what. */
export type SocketScope = ProjectVisibility & DeviceLocator & JobLocator;

/**
 * A feature of the server: one folder under src/modules/, one line in modules/module-list.ts.
 *
 * @example
 * export const aboutModule: FarolaModule = {
 *   name: 'about',
 *   description: 'The product, its version and licence',
 *   setup: () => ({ routes: [defineRoute({ method: 'get', path: '/about', … })] }),
 * };
 */
export interface FarolaModule {
  name: string;
  /** One line on what the module does: its routes' tag in the OpenAPI document. */
  description: string;
  /** Folder of the module's SQL migrations (`new URL('./migrations/', import.meta.url)`). */
  migrations?: URL;
  setup(ctx: ModuleContext): ModuleParts | Promise<ModuleParts>;
}

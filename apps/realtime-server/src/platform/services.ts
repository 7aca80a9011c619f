/**
 * What modules offer each other, by name. A module that offers a service declares its type by
 * merging into this interface, next to its implementation, so `services.get('devices')` is typed
 * wherever it is read:
 *
 * @example
 * declare module '../../platform/services' {
 *   interface ServiceMap {
 *     devices: DevicesService;
 *   }
 * }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in each module
export interface ServiceMap {}

export type ServiceName = keyof ServiceMap;

/** The services offered so far. A module sees those of the modules registered before it. */
export class ServiceRegistry {
  private readonly services = new Map<ServiceName, unknown>();

  offer<K extends ServiceName>(name: K, service: ServiceMap[K]): void {
    if (this.services.has(name)) throw new Error(`service '${String(name)}' is offered twice`);
    this.services.set(name, service);
  }

  /** The service, or an error naming it: the module offering it must come earlier in the module list. */
  get<K extends ServiceName>(name: K): ServiceMap[K] {
    if (!this.services.has(name)) {
      throw new Error(`service '${String(name)}' is not offered (yet): check the order of modules/module-list.ts`);
    }
    return this.services.get(name) as ServiceMap[K];
  }
}

import type { DeviceSpec } from './device-spec';

/** How devices share MQTT connections: a number of devices per connection, or one per cabinet. */
export type GatewayGrouping = number | 'cabinet';

/** One MQTT connection of the fleet: a gateway carrying `devices`, or a device of its own (`gatewayId` null). */
export interface ConnectionPlan {
  gatewayId: string | null;
  devices: DeviceSpec[];
}

/**
 * Groups the fleet into MQTT connections. With a number above 1, that many devices in layout order
 * share a gateway (`SIM-GW-0001`, …). With `cabinet`, each cabinet controller is the gateway of the
 * light points it feeds, as in the field (`SIM-OR-CC-000001-GW`); a light point without a cabinet
 * connects alone. With 1, every device has its own connection.
 *
 * @example
 * planConnections({ gatewaySize: 'cabinet', serialPrefix: 'SIM' }, specs)[0];
 * // { gatewayId: 'SIM-OR-CC-000001-GW', devices: [cabinet, ...its light points] }
 */
export function planConnections(
  options: { gatewaySize: GatewayGrouping; serialPrefix: string },
  specs: readonly DeviceSpec[],
): ConnectionPlan[] {
  const { gatewaySize } = options;
  if (gatewaySize === 'cabinet') return byCabinet(specs);
  const plans: ConnectionPlan[] = [];
  for (let from = 0, n = 1; from < specs.length; from += gatewaySize, n += 1) {
    const gatewayId = gatewaySize > 1 ? `${options.serialPrefix}-GW-${String(n).padStart(4, '0')}` : null;
    plans.push({ gatewayId, devices: specs.slice(from, from + gatewaySize) });
  }
  return plans;
}

function byCabinet(specs: readonly DeviceSpec[]): ConnectionPlan[] {
  const fed = new Map<string, DeviceSpec[]>();
  for (const spec of specs) {
    if (spec.deviceType !== 'light-point-controller' || spec.cabinetSerial === undefined) continue;
    const list = fed.get(spec.cabinetSerial);
    if (list) list.push(spec);
    else fed.set(spec.cabinetSerial, [spec]);
  }
  const cabinets = new Set(specs.filter((spec) => spec.deviceType === 'cabinet-controller').map((s) => s.serialNumber));
  const plans: ConnectionPlan[] = [];
  for (const spec of specs) {
    if (spec.deviceType === 'cabinet-controller') {
      plans.push({ gatewayId: `${spec.serialNumber}-GW`, devices: [spec, ...(fed.get(spec.serialNumber) ?? [])] });
    } else if (spec.cabinetSerial === undefined || !cabinets.has(spec.cabinetSerial)) {
      plans.push({ gatewayId: null, devices: [spec] });
    }
  }
  return plans;
}

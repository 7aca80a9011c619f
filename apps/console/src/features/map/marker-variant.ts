import type { FleetDevice } from '@farola/protocol';
import { isSwitchedOn } from '@/lib/realtime/fleet-atoms';

/** How a device is drawn: its state (colour) and whether it is a cabinet controller (shape/size). */
export type MarkerState = 'on' | 'off' | 'disconnected';

export interface MarkerVariant {
  state: MarkerState;
  isCabinet: boolean;
  selected: boolean;
}

export function markerState(device: FleetDevice): MarkerState {
  if (!device.connected) return 'disconnected';
  return isSwitchedOn(device) ? 'on' : 'off';
}

export function markerVariant(device: FleetDevice, selected: boolean): MarkerVariant {
  return { state: markerState(device), isCabinet: device.deviceType === 'cabinet-controller', selected };
}

/** Cabinet controllers feed many luminaires, so they are drawn larger; the selection larger still. */
export function markerRadius({ isCabinet, selected }: MarkerVariant): number {
  return (isCabinet ? 10 : 6) + (selected ? 4 : 0);
}

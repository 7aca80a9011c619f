import { type DeviceType, ERRORS } from '@farola/protocol';
import { DomainError } from '../../platform/domain-error';

/** The spec's uniqueness message for a serial number (§8), naming it: 'Light point serial number X already exists'. */
export function serialExists(serialNumber: string, deviceType: DeviceType): DomainError {
  const code = deviceType === 'light-point-controller' ? 'LIGHT_POINT_SERIAL_EXISTS' : 'CABINET_SERIAL_EXISTS';
  return new DomainError(code, { error: serialNumber }, ERRORS[code].message.replace('{error}', serialNumber));
}

/**
 * The spec's uniqueness message for a name (§8): 'Light point name X already exists', 'X name of the
 * cabinet controller already exists'. Names are unique per device kind, whatever their case.
 */
export function nameExists(name: string, deviceType: DeviceType): DomainError {
  const code = deviceType === 'light-point-controller' ? 'LIGHT_POINT_NAME_EXISTS' : 'CABINET_NAME_EXISTS';
  return new DomainError(code, { error: name }, ERRORS[code].message.replace('{error}', name));
}

/** 'Luminaire serial number X already exists' (§8): another device carries that luminaire. */
export function luminaireSerialExists(serialNumber: string): DomainError {
  const code = 'LUMINAIRE_SERIAL_EXISTS';
  return new DomainError(code, { error: serialNumber }, ERRORS[code].message.replace('{error}', serialNumber));
}

/** A gateway is a cabinet controller (or the simulator standing in for one): its id is its serial number. */
export function gatewayExists(gatewayId: string): DomainError {
  return serialExists(gatewayId, 'cabinet-controller');
}

export const projectNotFound = () => new DomainError('NOT_FOUND', undefined, 'Project not found');
export const gatewayNotFound = () => new DomainError('NOT_FOUND', undefined, 'Gateway not found');

// Small IPv4 helpers for validating network parameters (cabinet controller configuration).

/**
 * Whether a dotted IPv4 value is a net mask: ones from the left, then only zeros.
 *
 * @example
 * isNetMask('255.255.240.0'); // true
 * isNetMask('255.0.255.0'); // false
 */
export function isNetMask(mask: string): boolean {
  const bits = mask
    .split('.')
    .map((part) => Number(part).toString(2).padStart(8, '0'))
    .join('');
  return /^1*0*$/.test(bits);
}

const ipv4Number = (address: string) => address.split('.').reduce((value, part) => value * 256 + Number(part), 0);

/**
 * Whether two IPv4 addresses are in the same subnet under `mask`.
 *
 * @example
 * sameSubnet('192.168.1.100', '192.168.1.1', '255.255.255.0'); // true
 */
export function sameSubnet(a: string, b: string, mask: string): boolean {
  const m = ipv4Number(mask);
  // Bitwise operators would read the 32-bit values as signed; division keeps them whole.
  const network = (address: string) => ipv4Number(address) - (ipv4Number(address) % (2 ** 32 - m));
  return network(a) === network(b);
}

import type { AttributeValues } from '@farola/protocol';
import { round } from './metering';
import type { Random } from './random';

const DEGREE = Math.PI / 180;
/** Sensor noise, in g, on each axis of each reading. */
const NOISE_G = 0.008;

/**
 * How the node hangs: its tilt from vertical and the direction it leans, as the gravity vector its
 * accelerometer reads (in g; z up when level).
 */
export interface Mounting {
  tiltDegrees: number;
  azimuthDegrees: number;
  x: number;
  y: number;
  z: number;
}

function orient(mounting: Mounting): void {
  const tilt = mounting.tiltDegrees * DEGREE;
  const azimuth = mounting.azimuthDegrees * DEGREE;
  mounting.x = Math.sin(tilt) * Math.cos(azimuth);
  mounting.y = Math.sin(tilt) * Math.sin(azimuth);
  mounting.z = Math.cos(tilt);
}

/** As installed: within 2.5° of level, leaning any way. */
export function createMounting(random: Random): Mounting {
  const mounting = { tiltDegrees: random.between(0, 2.5), azimuthDegrees: random.between(0, 360), x: 0, y: 0, z: 1 };
  orient(mounting);
  return mounting;
}

/** A knock of `degrees` towards `azimuthDegrees` adds to the lean the pole already had (small-angle sum). */
export function tiltMounting(mounting: Mounting, degrees: number, azimuthDegrees: number): void {
  const east =
    mounting.tiltDegrees * Math.cos(mounting.azimuthDegrees * DEGREE) + degrees * Math.cos(azimuthDegrees * DEGREE);
  const north =
    mounting.tiltDegrees * Math.sin(mounting.azimuthDegrees * DEGREE) + degrees * Math.sin(azimuthDegrees * DEGREE);
  mounting.tiltDegrees = Math.min(90, Math.hypot(east, north));
  mounting.azimuthDegrees = (Math.atan2(north, east) / DEGREE + 360) % 360;
  orient(mounting);
}

/** One reading of the three axes: the mounting's gravity vector plus sensor noise. */
export function writeAxes(mounting: Mounting, random: Random, values: AttributeValues): void {
  values.xAxis = round(mounting.x + random.between(-NOISE_G, NOISE_G), 3);
  values.yAxis = round(mounting.y + random.between(-NOISE_G, NOISE_G), 3);
  values.zAxis = round(mounting.z + random.between(-NOISE_G, NOISE_G), 3);
}

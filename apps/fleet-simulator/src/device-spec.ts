import type { DeviceType, OperateMode, Vendor } from '@farola/protocol';

/** A point on the map in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** The luminaire a light point drives (spec §3: luminaire serial number and type, bracket, driver, installation). */
export interface LuminaireSpec {
  serialNumber: string;
  /** A name of `LUMINAIRE_TYPES`. */
  type: string;
  bracketType: string;
  driver: string;
  /** When the light point was installed on this luminaire, `YYYY-MM-DD`. */
  installationDate: string;
}

/** One simulated device as the layout places it; everything here is fixed by the seed. */
export interface DeviceSpec {
  serialNumber: string;
  deviceType: DeviceType;
  vendor: Vendor;
  name: string;
  /** Light points: the street they stand on (`Carrer de Aribau`). */
  street?: string;
  district: string;
  projectId: string;
  latitude: number;
  longitude: number;
  modelNumber: string;
  firmwareVersion: string;
  /** Light points: 15-digit modem IMEI. */
  imei?: string;
  /** Cabinet controllers: management IP. */
  ip?: string;
  /** Light points: their luminaire's rated input power at 100 %, in W. Cabinet controllers: 0. */
  nominalPowerW: number;
  operateMode: OperateMode;
  initialEnergyKWh: number;
  initialOperatingHours: number;
  /**
   * When the device was installed, `YYYY-MM-DD`: a light point's is its luminaire's. Its logged
   * data starts there (`resetInstallation` moves a cabinet controller's).
   */
  installationDate: string;
  /** Light points: their cabinet's serial number and the output that feeds them. */
  cabinetSerial?: string;
  output?: number;
  /** Cabinet controllers: their number of outputs and their light points. */
  outputCount?: number;
  lightPointSerials?: string[];
  /** Light points: their luminaire, and the height of its GPS antenna above sea level in m. */
  luminaire?: LuminaireSpec;
  altitude?: number;
}

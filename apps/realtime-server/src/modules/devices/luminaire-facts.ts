import type { Queryable } from '../../db/database';

/** What a light point's energy and sun times depend on, as it last reported them; null when it never did. */
export interface LuminaireFacts {
  id: string;
  latitude: number | null;
  longitude: number | null;
  /** The IANA time zone the device reports (`timezone`). */
  timezone: string | null;
  /** The luminaire's rated power at full level (`maxPower`, W). */
  ratedPowerW: number | null;
}

/** The positions, time zones and rated powers of many devices, in one statement. */
export class LuminaireFactsRepository {
  constructor(private readonly db: Queryable) {}

  async of(ids: readonly string[]): Promise<LuminaireFacts[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<{
      id: string;
      latitude: number | null;
      longitude: number | null;
      timezone: string | null;
      rated_power: number | null;
    }>(
      `SELECT id, latitude, longitude,
         CASE WHEN jsonb_typeof(attributes->'timezone') = 'string' THEN attributes->>'timezone' END AS timezone,
         CASE WHEN jsonb_typeof(attributes->'maxPower') = 'number' THEN (attributes->>'maxPower')::float8 END AS rated_power
       FROM devices WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((row) => ({
      id: row.id,
      latitude: row.latitude,
      longitude: row.longitude,
      timezone: row.timezone,
      ratedPowerW: row.rated_power,
    }));
  }
}

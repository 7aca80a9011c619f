import pg from 'pg';

/** The machine's PostgreSQL (trust auth) that the tests of the real engines use. */
export const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Runs one statement on the machine's PostgreSQL, or the one at `url` (creating or dropping a test's schema). */
export async function admin(sql: string, url = POSTGRES_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The URL of the machine's PostgreSQL with `schema` as the search path: a test's own tables. */
export function inSchema(schema: string): string {
  return `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

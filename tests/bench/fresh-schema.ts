import { randomUUID } from 'node:crypto';
import { admin } from '../../apps/realtime-server/src/testing/postgres';

/**
 * A fresh PostgreSQL schema for one bench run (as tests/integration/stack.ts makes one per test
 * run): its connection URL, whose search_path names it, and a drop for the end.
 */
export async function freshSchema(postgresUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const run = (sql: string) => admin(sql, postgresUrl);
  await run(`CREATE SCHEMA ${schema}`);
  const separator = postgresUrl.includes('?') ? '&' : '?';
  return {
    url: `${postgresUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: () => run(`DROP SCHEMA ${schema} CASCADE`),
  };
}

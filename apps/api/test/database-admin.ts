/** The PostgreSQL server the api:postgres project tests on, reached as its administrator. */

export const postgresUrl = process.env.TEST_DATABASE_URL;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(sqlText: string): Promise<void> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set (REQUIRE_POSTGRES=1 needs it)');
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

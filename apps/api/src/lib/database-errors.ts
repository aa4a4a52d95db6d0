/**
 * One line that says why the database cannot be used at start, naming the host, port and database
 * but never the user or password of DATABASE_URL; and which refusals a write may meet.
 */

/** A unique index refused the write (SQLSTATE 23505, on the error or any error it wraps). */
export const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

interface ErrorWithCode {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The innermost error that carries a code: Drizzle wraps the driver's error in its own. */
function rootCause(err: unknown): ErrorWithCode {
  let current = err as ErrorWithCode;
  for (let i = 0; i < 5 && current && typeof current === 'object'; i += 1) {
    if (typeof current.code === 'string') return current;
    if (!current.cause) break;
    current = current.cause as ErrorWithCode;
  }
  return (err ?? {}) as ErrorWithCode;
}

export interface DatabaseTarget {
  host: string;
  port: string;
  database: string;
}

/** Where DATABASE_URL points, read without keeping its credentials. */
export function databaseTarget(databaseUrl: string): DatabaseTarget {
  try {
    const url = new URL(databaseUrl);
    const host = url.searchParams.get('host') ?? (url.hostname.replace(/^\[|\]$/g, '') || 'localhost');
    return {
      host,
      port: url.searchParams.get('port') ?? (url.port || '5432'),
      database: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres',
    };
  } catch {
    return { host: 'the configured host', port: '5432', database: 'the configured database' };
  }
}

/** Removes anything shaped like a connection URL, in case a driver message quotes one. */
const withoutUrls = (text: string) => text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[DATABASE_URL]');

export function describeDatabaseError(err: unknown, databaseUrl: string): string {
  const { host, port, database } = databaseTarget(databaseUrl);
  const at = `${host}:${port}`;
  const cause = rootCause(err);
  switch (cause.code) {
    case '3D000':
      return `The database "${database}" does not exist on the PostgreSQL server at ${at}; create it (createdb ${database}) or fix DATABASE_URL.`;
    case 'ECONNREFUSED':
      return `Cannot connect to PostgreSQL at ${at}: connection refused (is the server running and listening there?).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `Cannot connect to PostgreSQL: unknown host "${host}" in DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${at} refused the sign-in: authentication failed (check the user and password in DATABASE_URL).`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `Cannot connect to PostgreSQL at ${at}: no answer (${cause.code}).`;
    default: {
      const text = typeof cause.message === 'string' ? cause.message : String(err);
      const line = withoutUrls(text.split('\n')[0] ?? '').trim();
      if (/timeout/i.test(line)) return `Cannot connect to PostgreSQL at ${at}: no answer within 5 s.`;
      return `PostgreSQL at ${at}: ${line || 'unknown error'}`;
    }
  }
}

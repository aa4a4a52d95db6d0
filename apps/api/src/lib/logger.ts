/** Structured logs (pino) that never hold passwords, tokens or cookies. */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * One line per request, written when it completes (method, path, status, time), instead of
 * Fastify's two: at the default level the second line cost the public intake a third of its
 * throughput (bench/README.md).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.confirmPassword',
  '*.token',
  '*.accessToken',
  'password',
  'token',
];

/**
 * Reset and invitation links and the student's page links carry their token in the path, and searches carry names, emails and phone numbers
 * in the query: logs keep the path without the token and the query's keys without their values.
 */
export const redactUrl = (url: string | undefined) => {
  if (url === undefined) return undefined;
  const [pathPart = '', query] = url.split(/\?(.*)/s, 2);
  const path = pathPart
    .replace(/(\/reset-password\/|\/set-up-account\/)[^/?#]+/, '$1[Redacted]')
    .replace(/(\/my\/|\/student-page[a-z-]*\/)[^/?#]+/, '$1[Redacted]');
  if (query === undefined) return path;
  const keys = query.split('&').map((pair) => `${pair.split('=')[0]!.slice(0, 40)}=…`);
  return `${path}?${keys.join('&')}`;
};

export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
    ...(stream ? { stream } : {}),
  } as NonNullable<FastifyServerOptions['logger']>;
}

/** What a log may say about an error: its kind and database facts, never values. */
export interface SafeErrorFacts {
  type: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  /** Only for programming errors (TypeError…), whose text comes from our code, not from data. */
  message?: string;
  stack?: string;
}

const PROGRAMMING_ERRORS = new Set(['TypeError', 'RangeError', 'ReferenceError', 'SyntaxError']);
const pick = (o: Record<string, unknown>, key: string) =>
  typeof o[key] === 'string' && o[key] !== '' ? (o[key] as string).slice(0, 120) : undefined;

/**
 * Database errors carry the query's parameters (Drizzle's message) and the offending values
 * (PostgreSQL's `detail`, and messages such as `invalid input syntax for type uuid: "…"`), and
 * mail errors carry addresses: a log keeps only the SQLSTATE, constraint, table and column, found
 * anywhere along the `cause` chain, and the error's class.
 */
export function safeErrorFacts(err: unknown): SafeErrorFacts {
  const top = (err ?? {}) as Record<string, unknown> & { constructor?: { name?: string } };
  const facts: SafeErrorFacts = {
    type: (err instanceof Error ? err.name : undefined) ?? top.constructor?.name ?? typeof err,
  };
  const seen = new Set<unknown>();
  for (let e: unknown = err; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const o = e as Record<string, unknown>;
    for (const key of ['code', 'constraint', 'table', 'column', 'routine'] as const) facts[key] ??= pick(o, key);
  }
  if (err instanceof Error && PROGRAMMING_ERRORS.has(err.name) && !(err as { cause?: unknown }).cause) {
    facts.message = err.message.slice(0, 300);
    facts.stack = err.stack?.split('\n').slice(1, 8).join('\n');
  }
  return facts;
}

/**
 * The one error handler: every failure leaves as the error envelope, never with a
 * stack trace or SQL text, and is logged by its safe facts only (no query parameters or values).
 * Unknown `/api/...` paths get a 404 envelope.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorEnvelope, type FieldError } from '@registrar/contract/envelope';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { HttpError } from '../lib/http-errors';
import { safeErrorFacts } from '../lib/logger';
import { ThrottleStoreUnavailableError } from '../services/throttle';
import { isParserError } from '../services/uploads/multipart-reader';

/**
 * SQLSTATEs of values the database cannot take: character not in repertoire (NUL), untranslatable
 * character, invalid text representation, string too long, numeric or datetime out of range, and a
 * value a CHECK constraint refuses (a ₹0 concession).
 */
const BAD_VALUE_STATES = new Set(['22021', '22P05', '22P02', '22001', '22003', '22007', '22008', '23514']);

/** The first SQLSTATE along the cause chain. */
function sqlStateOf(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  for (let e: unknown = err; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** What a collision on a unique index means to the user, by index name. */
const UNIQUE_MESSAGES: Record<string, string> = {
  staff_email_lower_key: STAFF_MESSAGES.emailTaken,
};

/** A unique index refused the write (SQLSTATE 23505, anywhere along the cause chain): its message. */
function uniqueViolationMessage(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  for (let e: unknown = err; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505')
      return (typeof constraint === 'string' && UNIQUE_MESSAGES[constraint]) || MESSAGES.alreadyExists;
  }
  return undefined;
}

/** Connection-level failures mean the database is down, not that the request was wrong. */
function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND)$/.test(code) || /^(08|57P)/.test(code))
    )
      return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

interface ZodIssueLike {
  code?: string;
  path?: PropertyKey[];
  message?: string;
  errors?: ZodIssueLike[][];
}

/**
 * The field errors of one schema issue, each with the contract's message. A body that is not an
 * object at all (null, an array, a string) gets one message saying so, not the library's wording;
 * a failed union (a payment body is "record" or "void") answers for the alternative that came
 * closest, with that alternative's own messages.
 */
function fieldErrors(instancePath: string, code: string, message: string | undefined, params: unknown): FieldError[] {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const branches = (params as ZodIssueLike | undefined)?.errors;
  if (code === 'invalid_union' && Array.isArray(branches) && branches.some((b) => b.length)) {
    const closest = branches.filter((b) => b.length).sort((a, b) => a.length - b.length)[0]!;
    // Inner paths are relative to the union, which sits at `path`.
    return closest.flatMap((issue) =>
      fieldErrors(
        `/${[...(path ? path.split('.') : []), ...(issue.path ?? []).map(String)].join('/')}`,
        issue.code ?? '',
        issue.message,
        issue,
      ),
    );
  }
  if (code === 'invalid_type' && path === '') return [{ path, message: MESSAGES.bodyNotObject }];
  return [{ path, message: message ?? MESSAGES.validationFailed }];
}

function envelope(message: string, error: string, errors?: FieldError[]): ErrorEnvelope {
  return errors ? { success: false, message, error, errors } : { success: false, message, error };
}

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.flatMap((v) =>
        fieldErrors(String(v.instancePath ?? ''), v.keyword, v.message, v.params),
      );
      return reply
        .code(400)
        .send(envelope(errors[0]?.message ?? MESSAGES.validationFailed, ERROR_CODES.validation, errors));
    }
    if (err instanceof HttpError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.code(err.statusCode).send(envelope(err.message, err.code, err.errors));
    }
    if (err instanceof ThrottleStoreUnavailableError || isDatabaseUnavailable(err)) {
      request.log.error(
        { err: safeErrorFacts(err) },
        err instanceof ThrottleStoreUnavailableError ? 'rate-limit store unavailable' : 'database unavailable',
      );
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(envelope(MESSAGES.databaseUnavailable, ERROR_CODES.unavailable));
    }
    const refusedValue = sqlStateOf(err);
    if (refusedValue && BAD_VALUE_STATES.has(refusedValue)) {
      // The database refused a value the schemas let through (a NUL character PostgreSQL cannot
      // store, a number out of its range): the request's fault, answered as such.
      request.log.warn({ err: safeErrorFacts(err) }, 'database refused a value');
      return reply.code(400).send(envelope(MESSAGES.valueNotStorable, ERROR_CODES.validation));
    }
    const duplicate = uniqueViolationMessage(err);
    if (duplicate) {
      // A collision (two saves racing past a service's own check) is the client's conflict, not a failure.
      request.log.warn({ err: safeErrorFacts(err) }, 'unique index refused a write');
      return reply.code(409).send(envelope(duplicate, ERROR_CODES.conflict));
    }
    // A body the schema could not even look at (a refinement thrown off by `null`…) is still a bad request.
    if (err.code === 'FST_ERR_VALIDATION')
      return reply.code(400).send(envelope(MESSAGES.validationFailed, ERROR_CODES.validation));
    const status = err.statusCode ?? 500;
    if (
      status === 413 ||
      err.code === 'FST_REQ_FILE_TOO_LARGE' ||
      err.code === 'FST_FILES_LIMIT' ||
      err.code === 'FST_PARTS_LIMIT'
    )
      return reply.code(413).send(envelope(MESSAGES.payloadTooLarge, ERROR_CODES.tooLarge));
    if (status === 429) return reply.code(429).send(envelope(MESSAGES.tooManyRequests, ERROR_CODES.rateLimited));
    // A body the parser could not read: the contract's words rather than the framework's.
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.code(415).send(envelope(MESSAGES.contentTypeNotAccepted, err.code));
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return reply.code(400).send(envelope(MESSAGES.bodyNotObject, ERROR_CODES.validation));
    // Not JSON, or JSON carrying a __proto__ key, which the parser refuses outright.
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
      return reply.code(400).send(envelope(MESSAGES.requestMalformed, ERROR_CODES.validation));
    // A multipart body its parser could not read (no boundary, a broken part header): the request's fault.
    if (isParserError(err))
      return reply.code(400).send(envelope(ENROLLMENT_MESSAGES.malformedMultipart, ERROR_CODES.validation));
    if (status >= 400 && status < 500) {
      // Fastify's other client errors carry safe messages.
      return reply.code(status).send(envelope(err.message, err.code ?? ERROR_CODES.validation));
    }
    request.log.error({ err: safeErrorFacts(err) }, 'unhandled error');
    return reply.code(500).send(envelope(MESSAGES.somethingWentWrong, ERROR_CODES.internal));
  });
});

/** Errors the router raises before any route runs (a malformed URL, an overlong path parameter). */
export function frameworkErrorEnvelope(error: { code?: string; statusCode?: number }): ErrorEnvelope {
  return envelope(
    error.statusCode === 414 ? MESSAGES.urlTooLong : MESSAGES.urlInvalid,
    error.code ?? ERROR_CODES.validation,
  );
}

/** A raw HTTP response for a request Node's parser refused (too-large headers, a timeout, garbage). */
export function clientErrorResponse(code: string | undefined): string {
  const [status, reason, message] =
    code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', MESSAGES.headersTooLarge]
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MESSAGES.requestTimeout]
        : [400, 'Bad Request', MESSAGES.requestMalformed];
  const body = JSON.stringify(envelope(message, code ?? ERROR_CODES.validation));
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/** For paths under /api that no route claims. */
export function apiNotFound(): ErrorEnvelope {
  return envelope(MESSAGES.routeNotFound, ERROR_CODES.notFound);
}

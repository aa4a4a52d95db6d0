// Generated bad requests for every operation of an OpenAPI 3 document (`/api/docs/json`),
// with fast-check: wrong types, missing and extra fields, nulls, arrays for scalars, 100 kB
// strings, control characters, unicode, malformed JSON, odd content types, multipart content
// types over bodies that are not multipart, JSON `null`, non-UUID path ids and huge page numbers.
// Given the ids of real records (`realParams`), a share of the requests carries them in the path,
// so the bad bodies reach the routes' own checks and not only the path's; header parameters
// (`Idempotency-Key`) get odd values too.
// Used by `npm run fuzz -w bench` (the built server, over HTTP) and by the API test suite (inject).
import fc from 'fast-check';

/**
 * @typedef {{ type?: string | string[], properties?: Record<string, Schema>, required?: string[],
 *   items?: Schema, enum?: unknown[], format?: string, anyOf?: Schema[], oneOf?: Schema[] }} Schema
 * @typedef {{ name: string, in: string, schema?: Schema }} Parameter
 * @typedef {{ method: string, path: string, parameters: Parameter[], body: Schema | undefined,
 *   secured: boolean }} Operation
 * @typedef {{ method: string, url: string, headers: Record<string, string>, body: string | Buffer | undefined,
 *   signedIn: boolean, kind: string, realIds: boolean }} FuzzRequest
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, with its parameters and JSON body schema. @param {any} doc @returns {Operation[]} */
export function operationsOf(doc) {
  /** @type {Operation[]} */
  const ops = [];
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of METHODS) {
      const op = /** @type {any} */ (item)[method];
      if (!op) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  return ops;
}

const BIG = 'x'.repeat(100 * 1024);
const CONTROL = '\u0000\u0001\u0007\b\t\n\u000b\f\r\u001b\u007f';
const UNICODE = 'ẞ👩‍👩‍👧‍👦\u202e\ufeff\ud800日本語\u0301ﬁ';

/** Scalars of every type, and the awkward ones. */
const oddScalar = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.1, '', ' ', BIG, CONTROL, UNICODE),
  fc.constantFrom('NaN', 'Infinity', '-0', '1e309', '99999999999999999999', '__proto__', 'constructor'),
  fc.constantFrom('<script>alert(1)</script>', "' or 1=1 --", '${{7*7}}', '../../etc/passwd', '%00', 'null'),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.uuid(),
  fc.emailAddress(),
);

/** Any JSON value: scalars, arrays (for scalars) and objects (for scalars), nested a little. */
const oddValue = fc.oneof(
  { weight: 4, arbitrary: oddScalar },
  { weight: 1, arbitrary: fc.array(oddScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), oddScalar, { maxKeys: 3 }) },
);

/** A plausible value for a schema, so that mutations elsewhere reach deeper rules. @param {Schema | undefined} s @returns {fc.Arbitrary<unknown>} */
function plausible(s) {
  if (!s) return oddScalar;
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map(plausible));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'date') return fc.constantFrom('2026-01-31', '2099-12-31', '2026-02-30');
      if (s.format === 'email') return fc.emailAddress();
      return fc.string({ maxLength: 30 });
    case 'integer':
      return fc.integer({ min: -5, max: 1_000_000 });
    case 'number':
      return fc.double({ min: -10, max: 1e7, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(s.items), { maxLength: 3 });
    case 'object':
      return objectFor(s);
    default:
      return oddScalar;
  }
}

/** An object for the schema: each field plausible, wrong, null, missing; sometimes extra fields. @param {Schema} s */
function objectFor(s) {
  const fields = Object.entries(s.properties ?? {});
  const field = (/** @type {Schema} */ f) =>
    fc.oneof(
      { weight: 3, arbitrary: plausible(f).map((v) => ({ v })) },
      { weight: 2, arbitrary: oddValue.map((v) => ({ v })) },
      { weight: 1, arbitrary: fc.constant({ v: null }) },
      { weight: 1, arbitrary: fc.constant(undefined) }, // missing
    );
  return fc
    .tuple(
      fc.tuple(...fields.map(([, f]) => field(f))),
      fc.dictionary(fc.constantFrom('extra', 'status', 'isAdmin', '__proto__', 'id', '_id', 'role'), oddValue, {
        maxKeys: 2,
      }),
    )
    .map(([values, extra]) => {
      /** @type {Record<string, unknown>} */
      const o = {};
      fields.forEach(([name], i) => {
        const got = values[i];
        if (got) o[name] = got.v;
      });
      return Object.keys(extra).length ? { ...o, ...extra } : o;
    });
}

/** The raw body and its content type. @param {Schema | undefined} schema */
function bodyFor(schema) {
  const json = schema ? plausible(schema) : oddValue;
  const contentTypes = fc.constantFrom(
    'application/json',
    'application/json\t',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'APPLICATION/JSON',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/octet-stream',
    'application/xml',
    'multipart/form-data',
    'multipart/form-data; boundary=----fuzz',
    'multipart/mixed; boundary=x',
    '*/*',
    ';;',
  );
  return fc.oneof(
    // A JSON document for the schema, under any content type.
    {
      weight: 5,
      arbitrary: fc.record({ type: fc.constant('application/json'), body: json.map((v) => JSON.stringify(v)) }),
    },
    { weight: 3, arbitrary: fc.record({ type: contentTypes, body: json.map((v) => JSON.stringify(v)) }) },
    // Bodies that are not what their type says.
    {
      weight: 3,
      arbitrary: fc.record({
        type: contentTypes,
        body: fc.constantFrom(
          'null',
          '[]',
          '"text"',
          '0',
          'true',
          '{',
          '{"a":',
          '{"a":1,}',
          "{'a':1}",
          '\u0000',
          '',
          BIG,
          '{"__proto__":{"isAdmin":true}}',
          '{"a":"\\ud800"}',
          '------fuzz\r\nContent-Disposition: form-data; name="x"\r\n\r\nv\r\n',
          '------fuzz--\r\n',
          `{"a":${'['.repeat(5000)}`,
        ),
      }),
    },
    { weight: 1, arbitrary: fc.record({ type: contentTypes, body: fc.string({ maxLength: 200, unit: 'binary' }) }) },
    // A real multipart body with odd fields (and sometimes an odd file).
    { weight: 2, arbitrary: multipartBody(schema) },
    // No body at all, with or without a content type.
    { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('', 'application/json'), body: fc.constant('') }) },
  );
}

/** @param {Schema | undefined} schema */
function multipartBody(schema) {
  const names = Object.keys(schema?.properties ?? {});
  const name = fc.oneof(
    fc.constantFrom(...names, 'name', 'email', 'status', 'enrollmentNumber', 'authoritySign', 'profilePicture'),
    fc.string({ maxLength: 20 }),
  );
  const part = fc.record({
    name,
    value: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(BIG.slice(0, 20_000), CONTROL, UNICODE)),
    file: fc.boolean(),
  });
  return fc.array(part, { maxLength: 6 }).map((parts) => {
    const boundary = '----fuzzboundary7MA4YWxk';
    const chunks = parts.map(
      (p) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name.replace(/["\r\n]/g, '_')}"` +
        (p.file ? `; filename="f.png"\r\nContent-Type: image/png` : '') +
        `\r\n\r\n${p.value}\r\n`,
    );
    return { type: `multipart/form-data; boundary=${boundary}`, body: `${chunks.join('')}--${boundary}--\r\n` };
  });
}

/** Percent-encodes text for a URL; a lone surrogate cannot be encoded, so it becomes U+FFFD. @param {string} s */
const enc = (s) =>
  encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** A path parameter: mostly not a UUID. */
const pathId = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('1', '0', '-1', 'abc', 'null', 'undefined', '%00', '%ZZ', '%2e%2e', BIG.slice(0, 5000)),
  },
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 40 }).map((s) => enc(s)) },
  { weight: 1, arbitrary: fc.uuid() },
  {
    weight: 1,
    arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
  },
);

/** A query value: huge page numbers, wrong types, repeated keys. */
const queryValue = fc.oneof(
  fc.constantFrom('1e309', '99999999999999999999999', '9007199254740993', '-1', '0', '1.5', 'NaN', '', '%00', '%'),
  fc.string({ maxLength: 30 }).map((s) => enc(s)),
  // 8,000 characters: one such value stays under Node's 16 KiB header limit and reaches the schemas.
  fc.constantFrom(enc(BIG.slice(0, 8_000)), enc(CONTROL), enc(UNICODE)),
);

/** @param {Operation} op */
function queryFor(op) {
  const names = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const key = fc.oneof(
    fc.constantFrom(...names, 'page', 'limit', 'extra', 'page[]', '__proto__'),
    fc.string({ maxLength: 6 }),
  );
  return fc
    .array(fc.tuple(key, queryValue), { maxLength: 5 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${enc(k)}=${v}`).join('&')}` : ''));
}

/** A header parameter's value: absent, plausible, or what no client should send. */
const headerValue = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.uuid() },
  {
    weight: 2,
    arbitrary: fc.constantFrom('', ' ', 'key with spaces', 'x'.repeat(201), 'é', 'null', '0', '\t', 'a,b', '%00'),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((v) => v.replace(/[^\x20-\x7e]/g, '')) },
);

/**
 * `count` requests for one operation, half of them signed in (when a token is given), from a
 * fixed seed so a failure can be replayed. `realParams` maps a path parameter's name to the id of a
 * record that exists; about a third of the requests use it. @param {Operation} op
 * @param {{ count: number, seed: number, token?: string | undefined, realParams?: Record<string, string> }} options
 * @returns {FuzzRequest[]}
 */
export function requestsFor(op, { count, seed, token, realParams = {} }) {
  const withBody = op.method !== 'GET' && op.method !== 'DELETE';
  const headerNames = op.parameters.filter((p) => p.in === 'header').map((p) => p.name);
  const arb = fc.record({
    ids: fc.array(pathId, { minLength: 4, maxLength: 4 }),
    real: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    useReal: fc.nat(2),
    query: queryFor(op),
    body: withBody ? bodyFor(op.body) : fc.oneof(fc.constant(undefined), bodyFor(undefined)),
    signedIn: fc.boolean(),
    accept: fc.constantFrom(undefined, 'application/json', 'text/html', '*/*', 'image/png'),
    extraHeaders: fc.array(headerValue, { minLength: headerNames.length, maxLength: headerNames.length }),
  });
  return fc.sample(arb, { numRuns: count, seed }).map((s) => {
    let i = 0;
    let realIds = false;
    const path = op.path.replace(/\{([^}]+)\}/g, (_m, /** @type {string} */ name) => {
      const n = i++;
      const real = realParams[name];
      // One request in three names real records (each parameter still sometimes a bad id).
      if (!real || s.useReal !== 0 || !(s.real[n] ?? true)) return s.ids[n] ?? '1';
      realIds = true;
      return real;
    });
    /** @type {Record<string, string>} */
    const headers = {};
    headerNames.forEach((name, n) => {
      const value = s.extraHeaders[n];
      if (value !== undefined) headers[name] = value;
    });
    const signedIn = Boolean(token) && s.signedIn;
    if (signedIn) headers.authorization = `Bearer ${token}`;
    if (s.accept) headers.accept = s.accept;
    if (s.body && s.body.type) headers['content-type'] = s.body.type;
    return {
      method: op.method,
      url: `${path}${s.query}`,
      headers,
      body: s.body ? s.body.body : undefined,
      signedIn,
      kind: `${op.method} ${op.path}`,
      realIds,
    };
  });
}

/**
 * What every answer must be: below 500, and when it is a failure, the error envelope with a
 * message. Answers a description of what is wrong, or undefined. @param {number} status
 * @param {string | undefined} contentType @param {string} text
 */
export function checkAnswer(status, contentType, text) {
  if (status >= 500) return `status ${status}`;
  if (status < 400) return undefined;
  if (!/^application\/json/.test(contentType ?? '')) return `status ${status} without a JSON envelope (${contentType})`;
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} with a body that is not JSON`;
  }
  if (
    body?.success !== false ||
    typeof body.message !== 'string' ||
    body.message === '' ||
    typeof body.error !== 'string'
  )
    return `status ${status} outside the envelope: ${text.slice(0, 200)}`;
  return undefined;
}

/** `Idempotency-Key` support: a key and a fingerprint of the request it was first sent with. */
import { createHash } from 'node:crypto';

export interface IdempotentRequest {
  key: string;
  hash: string;
}

/** JSON with object keys sorted, so the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export function idempotentRequest(key: string | undefined, request: unknown): IdempotentRequest | undefined {
  if (key === undefined) return undefined;
  return { key, hash: createHash('sha256').update(canonical(request)).digest('hex') };
}

/** A 32-byte key as it is written in a key file or an environment variable: base64 (or base64url). */
export const encodeKey = (key: Buffer) => key.toString('base64');

/** Decodes a base64 key of exactly 32 bytes, or undefined. */
export function decodeKey(text: string): Buffer | undefined {
  const s = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(s) && !/^[A-Za-z0-9_-]+={0,2}$/.test(s)) return undefined;
  const key = Buffer.from(s, s.includes('-') || s.includes('_') ? 'base64url' : 'base64');
  return key.length === 32 ? key : undefined;
}

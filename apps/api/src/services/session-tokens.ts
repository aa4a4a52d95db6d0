/**
 * Session JWTs: HS256 only (an algorithm allow-list, so `alg: none` or RS/ES tricks never
 * verify), carrying `sid` (the session row) and `sub` (the staff id).
 */
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/database';
import { appMetaRepository } from '../repositories/app-meta-repository';

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const ISSUER = 'registrar';

export interface SessionClaims {
  sid: string;
  sub: string;
}

/** Tokens already verified, so a busy session pays the HMAC once rather than on every request. */
const VERIFIED_MAX = 10_000;

export class SessionTokens {
  private keyPromise: Promise<Uint8Array> | undefined;
  private readonly verified = new Map<string, { claims: SessionClaims; expiresAt: number }>();

  /**
   * Uses JWT_SECRET, or a random key generated once and kept in the database for every instance.
   * Read lazily (and again after a failure), so the app starts and recovers while the database is down.
   */
  constructor(
    private readonly db: Db,
    private readonly configured: string | undefined,
  ) {}

  private key(): Promise<Uint8Array> {
    this.keyPromise ??= (async () => {
      const secret =
        this.configured ??
        (await appMetaRepository.getOrInsert(
          this.db,
          'jwt_secret',
          Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url'),
        ));
      return new TextEncoder().encode(secret);
    })().catch((err: unknown) => {
      this.keyPromise = undefined;
      throw err;
    });
    return this.keyPromise;
  }

  async sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key());
  }

  /** The claims of a valid token, or undefined for anything else (never throws). */
  async verify(token: string): Promise<SessionClaims | undefined> {
    const key = await this.key(); // a database outage surfaces as 503, not as a bad token
    // Only the signature and expiry are remembered: whether the session is still live is checked
    // by the caller on every request.
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now()) return known.claims;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
      if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return undefined;
      const claims = { sid: payload.sid, sub: payload.sub };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      }
      return claims;
    } catch {
      return undefined;
    }
  }
}

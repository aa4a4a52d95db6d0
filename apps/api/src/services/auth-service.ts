/**
 * Staff sign-in, sessions, password reset and profile. Routes call this;
 * it calls the repositories and writes mail to the outbox in the same transaction as the action.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { EnrollmentMailChoice, StaffUser } from '@registrar/contract/staff';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { MESSAGES } from '@registrar/contract/messages';
import type { ThemeSettings } from '@registrar/contract/theme-settings';
import { ERROR_CODES } from '@registrar/contract/envelope';
import { formatDateTime } from '@registrar/contract/language';
import type { Config } from '../config';
import type { Db, Executor } from '../db/database';
import { HttpError, badRequest, unauthorized } from '../lib/http-errors';
import { outboxRepository } from '../repositories/outbox-repository';
import {
  resetTokenRepository,
  sessionRepository,
  staffRepository,
  type StaffRow,
} from '../repositories/staff-repository';
import { brandedMail } from './mail/mail-message';
import { burnVerification, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { SessionCache } from './session-cache';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type SessionTokens } from './session-tokens';
import { THROTTLE_RULES, addressKey, type Throttle, type ThrottleRule } from './throttle';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
/** Writing last_seen_at on every request would make every read a write; a minute is precise enough. */
const TOUCH_EVERY_MS = 60_000;

export interface AuthenticatedStaff {
  staff: StaffRow;
  sessionId: string;
}

export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

export const toStaffUser = (row: StaffRow): StaffUser => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  themeSettings: (row.themeSettings as ThemeSettings | null) ?? null,
  enrollmentMail: row.enrollmentMail,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const normaliseEmail = (email: string) => email.trim().toLowerCase();
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function tooMany(seconds: number): HttpError {
  return new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyRequests, undefined, {
    'retry-after': String(seconds),
  });
}

/**
 * A single-use link to choose a password (a reset, or an invitation): only the SHA-256 of the
 * token is stored, and a new link makes the account's older unused ones useless.
 */
export async function issueSetPasswordLink(
  tx: Executor,
  config: Pick<Config, 'publicUrl'>,
  staffId: string,
  ttlMs: number,
  now: Date,
  page: 'reset-password' | 'set-up-account' = 'reset-password',
): Promise<string> {
  const token = randomBytes(32).toString('base64url'); // 256 random bits
  await resetTokenRepository.invalidateFor(tx, staffId, now);
  await resetTokenRepository.create(tx, {
    staffId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return `${config.publicUrl}/${page}/${token}`;
}

/** Refuses passwords from the common list (the spec's shape rule is in the contract schema). */
export function assertAcceptablePassword(password: string, field: string): void {
  if (isCommonPassword(password))
    throw badRequest(STAFF_MESSAGES.passwordTooCommon, [{ path: field, message: STAFF_MESSAGES.passwordTooCommon }]);
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly tokens: SessionTokens,
    private readonly throttle: Throttle,
    private readonly onMailQueued: () => void,
    private readonly now: () => Date = () => new Date(),
    /** Verified sessions; empty and unused until the app hears the database's invalidations. */
    readonly sessions: SessionCache = new SessionCache(),
  ) {}

  /** Counts this attempt against every key first; over any limit, the attempt is refused. */
  private resetRule(): ThrottleRule {
    return { ...THROTTLE_RULES.resetPerIp, limit: this.config.resetLimitPerIp };
  }

  private async consume(keys: [string, ThrottleRule][]): Promise<void> {
    const waits = await Promise.all(keys.map(([key, rule]) => this.throttle.consume(key, rule)));
    const wait = Math.max(...waits);
    if (wait > 0) throw tooMany(wait);
  }

  async login(
    email: string,
    password: string,
    ctx: RequestContext,
  ): Promise<{ token: string; user: StaffUser; expiresAt: Date }> {
    const account = `login:account:${normaliseEmail(email)}`;
    const ip = `login:ip:${addressKey(ctx.ip)}`;
    await this.consume([
      [account, THROTTLE_RULES.loginPerAccount],
      [ip, THROTTLE_RULES.loginPerIp],
    ]);

    const row = await staffRepository.findByEmail(this.db, email);
    const ok = row ? await verifyPassword(row.passwordHash, password) : (await burnVerification(password), false);
    // A disabled account gets the same answer as a wrong password: nothing to learn from it.
    if (!row || !ok || !row.active) {
      // Failures stay counted, per account and per address.
      throw new HttpError(401, 'INVALID_CREDENTIALS', STAFF_MESSAGES.invalidCredentials);
    }
    // Staff who sign in successfully never lock themselves out: this attempt is taken back.
    await Promise.all([this.throttle.release(account), this.throttle.release(ip)]);
    return this.startSession(this.db, row, ctx, this.now());
  }

  private async startSession(
    db: Executor,
    row: StaffRow,
    ctx: RequestContext,
    now: Date,
  ): Promise<{ token: string; user: StaffUser; expiresAt: Date }> {
    const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
    const session = await sessionRepository.create(db, {
      staffId: row.id,
      expiresAt,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 300) ?? null,
    });
    await staffRepository.update(db, row.id, { lastSignInAt: now });
    const token = await this.tokens.sign({ sid: session.id, sub: row.id }, expiresAt);
    return { token, user: toStaffUser(row), expiresAt };
  }

  /**
   * The invitation link: the invited person chooses a password and is logged in at once. Only an
   * account still waiting on its invitation (never logged in, not disabled) takes this door.
   */
  async setUpAccount(
    token: string,
    password: string,
    ctx: RequestContext,
  ): Promise<{ token: string; user: StaffUser; expiresAt: Date }> {
    await this.consume([[`reset:ip:${addressKey(ctx.ip)}`, this.resetRule()]]);
    assertAcceptablePassword(password, 'password');
    const passwordHash = await hashPassword(password);
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const staffId = await resetTokenRepository.consume(tx, sha256(token), now);
      const invited = staffId ? await staffRepository.findById(tx, staffId, { lock: true }) : undefined;
      if (!invited?.active || !invited.invitedAt || invited.lastSignInAt)
        throw badRequest(STAFF_MESSAGES.invitationInvalid);
      const row = await staffRepository.update(tx, invited.id, { passwordHash, passwordChangedAt: now });
      return this.startSession(tx, row!, ctx, now);
    });
  }

  /** The staff member behind a token, or undefined: bad signature, revoked, idle, expired. */
  async authenticate(token: string): Promise<AuthenticatedStaff | undefined> {
    const claims = await this.tokens.verify(token);
    if (!claims) return undefined;
    const now = this.now();
    // A revoked session or a changed staff member is dropped from the cache as soon as the
    // database says so; expiry and idleness are checked here (an idle-looking entry is re-read,
    // since another instance may have seen the session since).
    const cached = this.sessions.get(claims.sid);
    if (
      cached &&
      cached.session.staffId === claims.sub &&
      cached.session.expiresAt > now &&
      now.getTime() - cached.session.lastSeenAt.getTime() <= SESSION_IDLE_MS
    ) {
      if (now.getTime() - cached.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await sessionRepository.touch(this.db, cached.session.id, now);
        this.sessions.touched(cached.session.id, now);
      }
      return { staff: cached.staff, sessionId: cached.session.id };
    }
    const ticket = this.sessions.ticket();
    const session = await sessionRepository.findLive(this.db, claims.sid, now);
    if (!session || session.staffId !== claims.sub) return undefined;
    if (now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS) {
      await sessionRepository.revoke(this.db, session.id, now);
      return undefined;
    }
    // Read with the session (or from the cache the database keeps current), so a role change or
    // a disabling applies to the very next request.
    const staff = await staffRepository.findById(this.db, session.staffId);
    if (!staff?.active) return undefined;
    let lastSeenAt = session.lastSeenAt;
    if (now.getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await sessionRepository.touch(this.db, session.id, now);
      lastSeenAt = now;
    }
    this.sessions.put(ticket, session.id, { session: { ...session, lastSeenAt }, staff });
    return { staff, sessionId: session.id };
  }

  async logout(sessionId: string): Promise<void> {
    await sessionRepository.revoke(this.db, sessionId, this.now());
    this.sessions.invalidate(`session:${sessionId}`);
  }

  /** Same answer, and about the same work, whether or not the email belongs to someone. */
  async forgotPassword(email: string, ctx: RequestContext): Promise<void> {
    const account = `forgot:account:${normaliseEmail(email)}`;
    const ip = `forgot:ip:${addressKey(ctx.ip)}`;
    await this.consume([
      [account, THROTTLE_RULES.forgotPerAccount],
      [ip, THROTTLE_RULES.forgotPerIp],
    ]);

    const now = this.now();
    const queued = await this.db.transaction(async (tx) => {
      const row = await staffRepository.findByEmail(tx, email);
      if (!row?.active) return false;
      const url = await issueSetPasswordLink(tx, this.config, row.id, RESET_TOKEN_TTL_MS, now);
      const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
      await outboxRepository.enqueue(
        tx,
        'mail',
        brandedMail({
          to: row.email,
          subject: `Reset your ${this.config.instituteName} password`,
          instituteName: this.config.instituteName,
          greeting: `Hello ${row.name},`,
          paragraphs: [
            'Someone asked to reset the password of your staff account. If it was you, choose a new password with the link below. It works once and expires in 30 minutes.',
            'If it was not you, ignore this mail: your password stays as it is.',
          ],
          action: { label: 'Choose a new password', url },
        }),
        expiresAt,
      );
      return true;
    });
    if (queued) this.onMailQueued();
  }

  async resetPassword(token: string, password: string, ctx: RequestContext): Promise<void> {
    const ip = `reset:ip:${addressKey(ctx.ip)}`;
    await this.consume([[ip, this.resetRule()]]);
    assertAcceptablePassword(password, 'password');
    const passwordHash = await hashPassword(password);
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const staffId = await resetTokenRepository.consume(tx, sha256(token), now);
      if (!staffId) throw badRequest(STAFF_MESSAGES.resetTokenInvalid);
      const row = await staffRepository.update(tx, staffId, { passwordHash, passwordChangedAt: now });
      await sessionRepository.revokeAllFor(tx, staffId, now);
      await outboxRepository.enqueue(
        tx,
        'mail',
        brandedMail({
          to: row!.email,
          subject: `Your ${this.config.instituteName} password was changed`,
          instituteName: this.config.instituteName,
          greeting: `Hello ${row!.name},`,
          paragraphs: [
            `The password of your staff account was reset on ${formatDateTime(now, 'en')} India time and every session was signed out.`,
            'If you did not do this, reset your password again at once and tell your administrator.',
          ],
          action: { label: 'Sign in', url: `${this.config.publicUrl}/login` },
        }),
      );
    });
    // Signed out here at once; other instances hear it from the database.
    this.sessions.clear();
    this.onMailQueued();
  }

  /**
   * Counted per account like sign-in: a stolen session must not become an online guesser of the
   * current password. A right guess takes its attempt back.
   */
  async changePassword(auth: AuthenticatedStaff, currentPassword: string, newPassword: string): Promise<void> {
    const account = `change-password:account:${auth.staff.id}`;
    await this.consume([[account, THROTTLE_RULES.changePasswordPerAccount]]);
    if (!(await verifyPassword(auth.staff.passwordHash, currentPassword)))
      throw badRequest(STAFF_MESSAGES.currentPasswordWrong, [
        { path: 'currentPassword', message: STAFF_MESSAGES.currentPasswordWrong },
      ]);
    await this.throttle.release(account);
    if (currentPassword === newPassword)
      throw badRequest(STAFF_MESSAGES.newPasswordSameAsOld, [
        { path: 'newPassword', message: STAFF_MESSAGES.newPasswordSameAsOld },
      ]);
    assertAcceptablePassword(newPassword, 'newPassword');
    const passwordHash = await hashPassword(newPassword);
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await staffRepository.update(tx, auth.staff.id, { passwordHash, passwordChangedAt: now });
      await sessionRepository.revokeAllFor(tx, auth.staff.id, now, auth.sessionId);
    });
    this.sessions.invalidate(`staff:${auth.staff.id}`);
  }

  async updateProfile(
    auth: AuthenticatedStaff,
    values: {
      name: string;
      phone: string | null;
      themeSettings?: ThemeSettings | undefined;
      enrollmentMail?: EnrollmentMailChoice | undefined;
    },
  ): Promise<StaffUser> {
    const row = await staffRepository.update(this.db, auth.staff.id, {
      name: values.name,
      phone: values.phone,
      ...(values.themeSettings ? { themeSettings: values.themeSettings } : {}),
      ...(values.enrollmentMail ? { enrollmentMail: values.enrollmentMail } : {}),
    });
    if (!row) throw unauthorized(STAFF_MESSAGES.invalidCredentials);
    return toStaffUser(row);
  }
}

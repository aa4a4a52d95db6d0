/**
 * Configuration comes from environment variables only, validated once at start.
 * A bad value produces one line naming the variable; `server.ts` prints it and exits with 1.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { perAddressLimit } from './lib/env-limits';
import { UPLOAD_MAX_MB_DEFAULT } from '@registrar/contract/constants';
import { hasAtMostTwoDecimals } from '@registrar/contract/course';
import { INQUIRY_ASSIGNMENT_MODES, type InquiryAssignmentMode } from '@registrar/contract/follow-ups';
import { PAYMENT_GATEWAYS, type PaymentGatewayName } from '@registrar/contract/online-payments';
import { decodeKey } from './lib/key-text';
import { messageConfig, type MessageConfig } from './config-messages';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalNonEmpty = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const notEmail = 'must be an email address';
const optionalEmail = optionalNonEmpty.refine((v) => v === undefined || z.regexes.html5Email.test(v), notEmail);

const urlWithProtocols = (protocols: string[], what: string) =>
  optionalNonEmpty.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a ${what} URL (${protocols.map((p) => `${p}//`).join(' or ')}…)` },
  );

/** Bucket names as S3 and its compatibles accept them (legacy names with capitals or `_` too). */
const S3_BUCKET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/;
/** The S3_* variables other than the bucket: each needs S3_BUCKET to mean anything. */
const S3_OPTIONS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

const documentsKey = optionalNonEmpty.transform((v, ctx): Buffer | undefined => {
  if (v === undefined) return undefined;
  const key = decodeKey(v);
  if (!key) {
    // The value is a secret: the message must not repeat it.
    ctx.addIssue({ code: 'custom', message: 'must be 32 bytes in base64 (openssl rand -base64 32)' });
    return z.NEVER;
  }
  return key;
});

const days = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be at least 1' })
    .max(36500, { error: 'must be at most 36500' })
    .default(fallback);

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(0, { error: 'must be a port number from 0 to 65535' })
    .max(65535, { error: 'must be a port number from 0 to 65535' })
    .default(3000),
  HOST: z.string().trim().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, { error: 'must not be empty' }).default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'PostgreSQL'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'http(s)'),
  JWT_SECRET: optionalNonEmpty.refine((v) => v === undefined || v.length >= 32, {
    error: 'must be at least 32 characters',
  }),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'SMTP'),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'Redis'),
  MAIL_FROM: z.string().trim().min(3).default('Registrar <no-reply@registrar.local>'),
  ADMIN_EMAIL: optionalEmail,
  ADMIN_PASSWORD: z.string().optional(),
  INSTITUTE_NAME: z.string().trim().min(1).default('Registrar Training Institute'),
  CONTACT_EMAIL: z.string().trim().regex(z.regexes.html5Email, { error: notEmail }).default('support@registrar.local'),
  INSTITUTE_EMAIL: optionalEmail,
  CONTACT_PHONE: z.string().trim().min(3, { error: 'must be a phone number' }).default('9876543210'),
  COMPANY_ADDRESS: z.string().trim().min(1).default('Registrar Training Institute, India'),
  // A UPI ID (VPA) turns on the UPI payment codes on the student's page and the fee statement.
  UPI_ID: optionalNonEmpty.refine(
    (v) => v === undefined || /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/.test(v),
    {
      error: 'must be a UPI ID such as institute@okbank',
    },
  ),
  UPI_PAYEE_NAME: optionalNonEmpty.refine((v) => v === undefined || v.length <= 99, {
    error: 'must be at most 99 characters',
  }),
  UPLOAD_MAX_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .positive({ error: 'must be a positive number of megabytes' })
    .max(100, { error: 'must be at most 100' })
    .default(UPLOAD_MAX_MB_DEFAULT),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): boolean | number | string => {
      if (v === undefined || v === '' || v === 'false') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      if (/^[\d.:/a-fA-F, ]+$/.test(v)) return v;
      ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a list of proxy addresses' });
      return z.NEVER;
    }),
  INTAKE_LIMIT_PER_IP: perAddressLimit(20),
  RESET_LIMIT_PER_IP: perAddressLimit(10),
  INQUIRY_ASSIGNMENT: z
    .enum(INQUIRY_ASSIGNMENT_MODES, { error: `must be one of ${INQUIRY_ASSIGNMENT_MODES.join(', ')}` })
    .default('none'),
  OUTBOX_LEASE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(5, { error: 'must be at least 5' })
    .max(3600, { error: 'must be at most 3600' })
    .default(60),
  DOCUMENTS_KEY: documentsKey,
  DOCUMENTS_KEY_PREVIOUS: optionalNonEmpty.transform((v, ctx): Buffer[] => {
    const keys = (v ?? '')
      .split(',')
      .filter((k) => k.trim() !== '')
      .map(decodeKey);
    if (keys.some((k) => !k)) {
      ctx.addIssue({ code: 'custom', message: 'must be 32-byte base64 keys separated by commas' });
      return z.NEVER;
    }
    return keys as Buffer[];
  }),
  DOCUMENTS_RETENTION_DAYS: days(365),
  MAIL_RETENTION_DAYS: days(90),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  // Nightly backups: BACKUP_DIR turns them on, BACKUP_KEEP says how many archives stay.
  BACKUP_DIR: optionalNonEmpty,
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a number of backups' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(3650, { error: 'must be at most 3650' })
    .default(14),
  // What a bounced cheque adds to the installment it re-opens (rupees; 0: nothing).
  CHEQUE_BOUNCE_FEE: z.coerce
    .number({ error: 'must be an amount in rupees' })
    .min(0, { error: 'must be 0 or more' })
    .max(100_000, { error: 'must be at most 100000' })
    .refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimals' })
    .default(0),
  // Wraps the documents key inside each archive; the value is a secret, never echoed.
  BACKUP_PASSPHRASE: optionalNonEmpty.refine((v) => v === undefined || v.length >= 12, {
    error: 'must be at least 12 characters',
  }),
  // Object storage for documents (the `S3_*` variables); S3_BUCKET turns it on.
  S3_BUCKET: optionalNonEmpty.refine((v) => v === undefined || S3_BUCKET_NAME.test(v), {
    error: 'must be a bucket name (3 to 63 letters, digits, dots, hyphens or underscores)',
  }),
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'http(s)'),
  S3_REGION: optionalNonEmpty.refine((v) => v === undefined || /^[a-z0-9-]{1,40}$/.test(v), {
    error: 'must be a region name such as us-east-1 (or auto)',
  }),
  S3_ACCESS_KEY_ID: optionalNonEmpty,
  S3_SECRET_ACCESS_KEY: optionalNonEmpty,
  S3_FORCE_PATH_STYLE: z
    .string()
    .optional()
    .transform((v, ctx): boolean => {
      const s = v?.trim().toLowerCase();
      if (s === undefined || s === '' || s === 'false' || s === '0') return false;
      if (s === 'true' || s === '1') return true;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    }),
  S3_PREFIX: optionalNonEmpty
    .transform((v) => v?.replace(/^\/+|\/+$/g, ''))
    .refine((v) => v === undefined || v === '' || /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(v), {
      error: 'must be a key prefix of letters, digits, dots, hyphens, underscores and slashes',
    }),
  // Online payment from the student's page; `none` keeps the UPI code alone.
  PAYMENT_GATEWAY: z.enum(PAYMENT_GATEWAYS, { error: `must be one of ${PAYMENT_GATEWAYS.join(', ')}` }).default('none'),
  RAZORPAY_KEY_ID: optionalNonEmpty.refine((v) => v === undefined || /^rzp_(test|live)_[A-Za-z0-9]+$/.test(v), {
    error: 'must be a key id such as rzp_live_…',
  }),
  RAZORPAY_KEY_SECRET: optionalNonEmpty,
  RAZORPAY_WEBHOOK_SECRET: optionalNonEmpty,
  RAZORPAY_WEBHOOK_SECRET_PREVIOUS: optionalNonEmpty,
  RAZORPAY_API_URL: urlWithProtocols(['http:', 'https:'], 'http(s)'),
  PAYMENT_RECONCILE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(30, { error: 'must be at least 30' })
    .max(86400, { error: 'must be at most 86400' })
    .default(600),
});

const RAZORPAY_NEEDS = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
/** Rules across variables: the S3_* options need S3_BUCKET, and the two keys come together. */
const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  // Every instance sharing a database must read every document, so the key cannot be generated.
  if (e.DATABASE_URL && !e.DOCUMENTS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['DOCUMENTS_KEY'],
      message: 'must be set when DATABASE_URL is set (every instance needs the same key)',
    });
  if (e.PAYMENT_GATEWAY === 'razorpay')
    for (const name of RAZORPAY_NEEDS)
      if (!e[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'must be set when PAYMENT_GATEWAY is razorpay' });
  // The simulator takes money from no one: a public https address means a real deployment.
  if (e.PAYMENT_GATEWAY === 'simulator' && e.PUBLIC_URL?.startsWith('https:'))
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_GATEWAY'],
      message: 'must not be simulator when PUBLIC_URL is https (the simulator takes no real money)',
    });
  if (!e.S3_BUCKET) {
    const stray = S3_OPTIONS.find((name) => e[name] !== undefined && e[name] !== false);
    if (stray) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `must be set to use ${stray}` });
    return;
  }
  // Neither key: the SDK's own chain (AWS_* variables, shared config, instance or task role).
  // The issue names the missing one, so a secret is never echoed back.
  if (e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'must be set with S3_ACCESS_KEY_ID' });
  if (!e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'must be set with S3_SECRET_ACCESS_KEY' });
});

/** Where documents go when S3_BUCKET is set, instead of DATA_DIR/uploads. */
export interface S3Config {
  bucket: string;
  /** For S3-compatible stores (MinIO, R2, …); undefined uses AWS's endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Undefined: the SDK's default chain (AWS_* variables, shared config, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** '' or a prefix ending in '/', put before every key. */
  prefix: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  /** Shared rate-limit counters for several instances; in memory without it. */
  redisUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  instituteName: string;
  contactEmail: string;
  /** Where students' replies go (Reply-To on their mail); undefined: their mail invites no reply. */
  instituteEmail: string | undefined;
  contactPhone: string;
  companyAddress: string;
  /** The UPI ID students pay to; undefined: no UPI codes are shown. */
  upiId: string | undefined;
  /** The payee name UPI apps show (UPI_PAYEE_NAME), if set. */
  upiPayeeName: string | undefined;
  uploadMaxBytes: number;
  trustProxy: boolean | number | string;
  outboxLeaseMs: number;
  /** Public inquiries, and enrolment attempts, one address may send per 10 minutes. */
  intakeLimitPerIp: number;
  /** Password resets and account set-ups one address may try per 15 minutes. */
  resetLimitPerIp: number;
  /** How a new public inquiry gets its owner: nobody, or the next active counsellor in turn. */
  inquiryAssignment: InquiryAssignmentMode;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Master key of the documents; undefined: `DATA_DIR/documents.key` (embedded database only). */
  documentsKey: Buffer | undefined;
  /** Earlier master keys, still read while a rotation re-wraps the data keys they wrapped. */
  documentsKeyPrevious: Buffer[];
  /** Days after an enrolment is completed, cancelled or rejected before its documents are deleted. */
  documentsRetentionDays: number;
  /** Days sent mail (outbox rows and `.eml` files) is kept. */
  mailRetentionDays: number;
  /** Object storage for documents; undefined keeps them in DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Where the nightly backup archives go; undefined: no nightly backup. */
  backupDir: string | undefined;
  /** How many nightly archives are kept. */
  backupKeep: number;
  /** Added to the re-opened installment when a cheque bounces (paise; 0: none). */
  chequeBounceFeePaise: number;
  /** Wraps the documents key in each archive; undefined: archives carry no key. */
  backupPassphrase: string | undefined;
  payments: PaymentConfig | undefined;
  messages: MessageConfig;
}

/** The payment gateway students pay through from their page; undefined: none. */
export interface PaymentConfig {
  gateway: Exclude<PaymentGatewayName, 'none'>;
  keyId: string;
  keySecret: string;
  /** The current webhook secret first, then the previous one while a change is under way. */
  webhookSecrets: string[];
  /** Razorpay's API, or any server speaking it. */
  apiUrl: string;
  reconcileMs: number;
}

export class ConfigError extends Error {}

/** Reads the environment; throws a ConfigError with one line naming the variable at fault. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    // The value is never echoed: a mistyped URL may hold a password (postgres://user:secret@…).
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const e = parsed.data;
  const origin = `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`;
  const publicUrl = (e.PUBLIC_URL ?? origin).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    instituteName: e.INSTITUTE_NAME,
    contactEmail: e.CONTACT_EMAIL,
    instituteEmail: e.INSTITUTE_EMAIL,
    contactPhone: e.CONTACT_PHONE,
    companyAddress: e.COMPANY_ADDRESS,
    upiId: e.UPI_ID,
    upiPayeeName: e.UPI_PAYEE_NAME,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    trustProxy: e.TRUST_PROXY,
    outboxLeaseMs: e.OUTBOX_LEASE_SECONDS * 1000,
    intakeLimitPerIp: e.INTAKE_LIMIT_PER_IP,
    resetLimitPerIp: e.RESET_LIMIT_PER_IP,
    inquiryAssignment: e.INQUIRY_ASSIGNMENT,
    logLevel: e.LOG_LEVEL,
    documentsKey: e.DOCUMENTS_KEY,
    documentsKeyPrevious: e.DOCUMENTS_KEY_PREVIOUS,
    documentsRetentionDays: e.DOCUMENTS_RETENTION_DAYS,
    mailRetentionDays: e.MAIL_RETENTION_DAYS,
    backupDir: e.BACKUP_DIR ? path.resolve(cwd, e.BACKUP_DIR) : undefined,
    backupKeep: e.BACKUP_KEEP,
    chequeBounceFeePaise: Math.round(e.CHEQUE_BOUNCE_FEE * 100),
    backupPassphrase: e.BACKUP_PASSPHRASE,
    payments: paymentConfig(e),
    messages: messageConfig(env, publicUrl, ConfigError),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX ? `${e.S3_PREFIX}/` : '',
        }
      : undefined,
  };
}

function paymentConfig(e: z.infer<typeof envSchema>): PaymentConfig | undefined {
  if (e.PAYMENT_GATEWAY === 'none') return undefined;
  const simulator = e.PAYMENT_GATEWAY === 'simulator';
  // The simulator signs its own webhooks: a secret made at start serves when none is given.
  const secret = e.RAZORPAY_WEBHOOK_SECRET ?? (simulator ? randomBytes(24).toString('hex') : '');
  return {
    gateway: e.PAYMENT_GATEWAY,
    keyId: e.RAZORPAY_KEY_ID ?? (simulator ? 'rzp_test_simulator' : ''),
    keySecret: e.RAZORPAY_KEY_SECRET ?? (simulator ? randomBytes(24).toString('hex') : ''),
    webhookSecrets: [secret, ...(e.RAZORPAY_WEBHOOK_SECRET_PREVIOUS ? [e.RAZORPAY_WEBHOOK_SECRET_PREVIOUS] : [])],
    apiUrl: (e.RAZORPAY_API_URL ?? 'https://api.razorpay.com').replace(/\/+$/, ''),
    reconcileMs: e.PAYMENT_RECONCILE_SECONDS * 1000,
  };
}

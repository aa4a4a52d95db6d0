import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

/** The message of the ConfigError these variables get. */
function refusal(env: Record<string, string>): string {
  let error: unknown;
  try {
    loadConfig(env);
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
}

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/registrar');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/registrar/data',
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      uploadMaxBytes: 5 * 1024 * 1024,
      trustProxy: false,
      logLevel: 'info',
    });
  });

  it('assigns new inquiries to nobody unless INQUIRY_ASSIGNMENT=round_robin, and names a wrong value', () => {
    expect(loadConfig({}).inquiryAssignment).toBe('none');
    expect(loadConfig({ INQUIRY_ASSIGNMENT: 'round_robin' }).inquiryAssignment).toBe('round_robin');
    expect(() => loadConfig({ INQUIRY_ASSIGNMENT: 'random' })).toThrow(
      new ConfigError('Invalid configuration: INQUIRY_ASSIGNMENT must be one of none, round_robin'),
    );
  });

  it('payments: none by default; razorpay needs its keys; the simulator never with an https address', () => {
    expect(loadConfig({}).payments).toBeUndefined();
    const keys = {
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_AbC123',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
    };
    expect(
      loadConfig({ ...keys, RAZORPAY_WEBHOOK_SECRET_PREVIOUS: 'old', PAYMENT_RECONCILE_SECONDS: '120' }).payments,
    ).toEqual({
      gateway: 'razorpay',
      keyId: 'rzp_live_AbC123',
      keySecret: 'secret',
      webhookSecrets: ['hook', 'old'],
      apiUrl: 'https://api.razorpay.com',
      reconcileMs: 120_000,
    });
    expect(() => loadConfig({ ...keys, RAZORPAY_WEBHOOK_SECRET: '' })).toThrow(
      new ConfigError('Invalid configuration: RAZORPAY_WEBHOOK_SECRET must be set when PAYMENT_GATEWAY is razorpay'),
    );
    expect(() => loadConfig({ ...keys, RAZORPAY_API_URL: 'ftp://x' })).toThrow(
      /RAZORPAY_API_URL must be a http\(s\) URL/,
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(
      new ConfigError('Invalid configuration: PAYMENT_GATEWAY must be one of none, razorpay, simulator'),
    );
    expect(() => loadConfig({ PAYMENT_RECONCILE_SECONDS: '5' })).toThrow(
      /PAYMENT_RECONCILE_SECONDS must be at least 30/,
    );
    expect(loadConfig({ PAYMENT_GATEWAY: 'simulator' }).payments?.gateway).toBe('simulator');
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'simulator', PUBLIC_URL: 'https://fees.example.in' })).toThrow(
      /PAYMENT_GATEWAY must not be simulator when PUBLIC_URL is https/,
    );
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/registrar',
      DATABASE_URL: 'postgres://u@db/registrar',
      DOCUMENTS_KEY: Buffer.alloc(32, 7).toString('base64'),
      DOCUMENTS_KEY_PREVIOUS: `${Buffer.alloc(32, 8).toString('base64')},${Buffer.alloc(32, 9).toString('base64')}`,
      DOCUMENTS_RETENTION_DAYS: '730',
      MAIL_RETENTION_DAYS: '30',
      PUBLIC_URL: 'https://admissions.example.in/',
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail:25',
      REDIS_URL: 'redis://cache:6379/0',
      MAIL_FROM: 'Admissions <admissions@example.in>',
      ADMIN_EMAIL: 'head@example.in',
      ADMIN_PASSWORD: 'Str0ngPassw0rd',
      INSTITUTE_NAME: 'Acme Institute',
      CONTACT_EMAIL: 'help@example.in',
      CONTACT_PHONE: '9123456780',
      COMPANY_ADDRESS: '1 Tech Park, Pune',
      UPLOAD_MAX_MB: '10',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://admissions.example.in',
      uploadMaxBytes: 10 * 1024 * 1024,
      trustProxy: 1,
      instituteName: 'Acme Institute',
      documentsKey: Buffer.alloc(32, 7),
      documentsKeyPrevious: [Buffer.alloc(32, 8), Buffer.alloc(32, 9)],
      documentsRetentionDays: 730,
      mailRetentionDays: 30,
    });
  });

  it('needs DOCUMENTS_KEY with DATABASE_URL (instances share it), and never repeats a bad key', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db/registrar' })).toThrow(
      'Invalid configuration: DOCUMENTS_KEY must be set when DATABASE_URL is set (every instance needs the same key)',
    );
    const secret = Buffer.alloc(31, 1).toString('base64');
    for (const name of ['DOCUMENTS_KEY', 'DOCUMENTS_KEY_PREVIOUS']) {
      let message = '';
      try {
        loadConfig({ [name]: secret });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toContain(`Invalid configuration: ${name} must be`);
      expect(message).not.toContain(secret);
    }
    expect(loadConfig({})).toMatchObject({
      documentsKey: undefined,
      documentsRetentionDays: 365,
      mailRetentionDays: 90,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['PUBLIC_URL', 'not a url'],
    ['JWT_SECRET', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['REDIS_URL', 'memcached://cache'],
    ['ADMIN_EMAIL', 'nobody'],
    ['INSTITUTE_EMAIL', 'office'],
    ['CONTACT_EMAIL', 'help'],
    ['UPLOAD_MAX_MB', '-1'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['DOCUMENTS_RETENTION_DAYS', '0'],
    ['MAIL_RETENTION_DAYS', 'soon'],
    ['S3_BUCKET', 'a'],
    ['S3_ENDPOINT', 'ftp://files'],
    ['S3_REGION', 'US East'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
    ['S3_PREFIX', 'a//b'],
  ])('rejects %s=%s with one line naming the variable', (name, value) => {
    const message = refusal({ [name]: value });
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
  });

  it.each([
    ['DATABASE_URL', 'postgress://registrar:Hunter2-db-secret@db:5432/registrar'],
    ['DATABASE_URL', 'postgres://registrar:Hunter2-db-secret@db:notaport/registrar'],
    ['SMTP_URL', 'smtp//mailer:Hunter2-db-secret@mail.example.com:587'],
    ['REDIS_URL', 'http://default:Hunter2-db-secret@cache:6379'],
    ['JWT_SECRET', 'Hunter2-db-secret'],
  ])('names %s but never prints its value, which may hold a password', (name, value) => {
    const message = refusal({ [name]: value });
    expect(message).toContain(name);
    expect(message).not.toContain('Hunter2-db-secret');
    expect(message).not.toContain(value);
  });

  it('keeps documents on disk unless S3_BUCKET is set, and reads every S3_* variable', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'registrar-docs',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret-example',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: '/registrar/prod/',
      }).s3,
    ).toEqual({
      bucket: 'registrar-docs',
      endpoint: 'http://minio:9000',
      region: 'auto',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
      forcePathStyle: true,
      prefix: 'registrar/prod/',
    });
    // Defaults: AWS's endpoint, us-east-1, the SDK's credential chain, virtual-hosted style, no prefix.
    expect(loadConfig({ S3_BUCKET: 'registrar-docs' }).s3).toEqual({
      bucket: 'registrar-docs',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET must be set to use S3_ENDPOINT'],
    [{ S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, 'S3_SECRET_ACCESS_KEY must be set with S3_ACCESS_KEY_ID'],
    [
      { S3_BUCKET: 'docs', S3_SECRET_ACCESS_KEY: 'never-shown' },
      'S3_ACCESS_KEY_ID must be set with S3_SECRET_ACCESS_KEY',
    ],
  ])('checks the S3_* variables together: %j', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(expected);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).not.toContain('never-shown');
    }
  });
});

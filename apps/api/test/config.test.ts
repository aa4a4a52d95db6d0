import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration (DESIGN §3)', () => {
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

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/registrar',
      DATABASE_URL: 'postgres://u@db/registrar',
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
    ['UPLOAD_MAX_MB', '-1'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
  ])('rejects %s=%s with one line naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
  });
});

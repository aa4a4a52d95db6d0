/** First start and `npm run staff`, as an operator meets them (real processes, PGlite). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migratedDataDir } from './server-process';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: apiDir,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
const staff = (args: string[], dataDir: string, env: Record<string, string> = {}) =>
  run('src/staff-cli.ts', args, { DATA_DIR: dataDir, ...env });

describe('staff accounts from the shell', () => {
  it('creates, lists and resets accounts; refuses weak, common and duplicate ones', () => {
    const dataDir = migratedDataDir('cli');
    expect(staff(['list'], dataDir).stdout).toContain('No staff accounts yet.');

    const created = staff(['create', '--email', 'Priya@Institute.in', '--name', 'Priya Nair'], dataDir);
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created staff account Priya@Institute.in');
    expect(created.stdout).toMatch(/Password \(shown only now\): [A-Za-z0-9]{20}\n/);

    const duplicate = staff(['create', '--email', 'priya@institute.in'], dataDir);
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toContain('already exists');

    const weak = staff(['create', '--email', 'weak@institute.in', '--password', 'short'], dataDir);
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('Password must be at least 8 characters');
    const common = staff(['create', '--email', 'common@institute.in', '--password', 'Password1'], dataDir);
    expect(common.status).toBe(1);
    expect(common.stderr).toContain('too common');

    expect(staff(['list'], dataDir).stdout).toMatch(/^Priya@Institute\.in\tPriya Nair\tadmin\tactive\t/m);
    const counsellor = staff(['create', '--email', 'meera@institute.in', '--role', 'counsellor'], dataDir);
    expect(counsellor.status, counsellor.stderr).toBe(0);
    expect(staff(['list'], dataDir).stdout).toMatch(/^meera@institute\.in\tmeera\tcounsellor\tactive\t/m);
    const owner = staff(['create', '--email', 'owner@institute.in', '--role', 'owner'], dataDir);
    expect(owner.status).toBe(1);
    expect(owner.stderr).toContain('Not a role: owner');
    const reset = staff(
      ['reset-password', '--email', 'PRIYA@institute.in', '--password', 'Another-Good-One-5'],
      dataDir,
    );
    expect(reset.status, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('Password reset for Priya@Institute.in');
    expect(staff(['frobnicate'], dataDir).status).toBe(2);
  }, 90_000);
});

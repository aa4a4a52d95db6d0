/** `npm run staff -- verify-ledger` as an operator runs it (a real process on a PGlite data directory). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { migratedDataDir } from './server-process';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const verify = (dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/staff-cli.ts', 'verify-ledger'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('verify-ledger from the shell', () => {
  it('exits 0 when the books balance and 1 naming each difference', async () => {
    const dataDir = migratedDataDir('ledger');
    const clean = verify(dataDir);
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toContain('The ledger balances: no difference found.');

    // An installment that claims ₹500 paid with no payment behind it.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await database.db.execute(sql`with c as (insert into courses (name, price_paise, emi_price_paise)
        values ('C', 100000, '[100000]') returning id),
      e as (insert into enrollments (enrollment_number, course_id, name, email, phone_number, current_address,
        permanent_address, currently_working, currently_working_place, payment_method, company_address)
        select 'ENR-2026-00001', c.id, 'N', 'n@example.in', '9000000000', 'A', 'B', 'other', 'Home', 'full_payment', 'X'
        from c returning id)
      insert into installments (enrollment_id, number, amount_paise, due_date, paid_paise)
      select e.id, 1, 100000, current_date, 50000 from e`);
    await database.close();
    const broken = verify(dataDir);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain('ENR-2026-00001 installment 1: paid kept ₹500.00, ledger says ₹0.00');
    expect(broken.stdout).toMatch(/\d+ difference\(s\) found\n$/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 240_000);
});

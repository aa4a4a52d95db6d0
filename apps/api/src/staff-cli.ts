/**
 * `npm run staff -- <create|reset-password|list|verify-ledger|rotate-documents-key> …`: manage staff
 * accounts, check the fee ledger and rotate the documents' master key from the shell.
 * Uses the same configuration (DATA_DIR / DATABASE_URL / DOCUMENTS_KEY) as the server. With the
 * embedded database and a server running on DATA_DIR, the server runs the command (through its
 * control socket) and this process prints its answer.
 *   create --email E [--name N] [--phone P] [--password P] [--role R]
 *          (a strong password is generated when omitted; the role is admin unless given)
 *   reset-password --email E [--password P]                  (signs the account out everywhere)
 *   list
 *   verify-ledger                                            (recomputes paid sums and totals from the ledger; exit 1 on any difference)
 *   rotate-documents-key [--batch N]                          (re-wraps every data key, N per step; safe to run again)
 */
import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { lockDataDirOrAskServer } from './services/backup/control-socket';
import { parseStaffArgs, runStaffCommand, staffErrorLine, type StaffOutput } from './staff-commands';

const output: StaffOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const parsed = parseStaffArgs(argv, output);
  if (typeof parsed === 'number') return parsed;

  const config = loadConfig();
  const held = await lockDataDirOrAskServer<{ code: number; stdout: string; stderr: string }>(config, {
    staff: argv,
  });
  if ('answer' in held) {
    process.stdout.write(held.answer.stdout);
    process.stderr.write(held.answer.stderr);
    return held.answer.code;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    poolSize: 1,
  });
  try {
    await database.migrate();
    return await runStaffCommand({ db: database.db, config }, argv, output);
  } finally {
    await database.close();
    held.lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(`${staffErrorLine(err)}\n`);
    process.exit(1);
  },
);

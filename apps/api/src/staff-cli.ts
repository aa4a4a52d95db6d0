/**
 * `npm run staff -- <create|reset-password|list|verify-ledger|rotate-documents-key> …`: manage staff
 * accounts, check the fee ledger and rotate the documents' master key from the shell.
 * Uses the same configuration (DATA_DIR / DATABASE_URL / DOCUMENTS_KEY) as the server.
 *   create --email E [--name N] [--phone P] [--password P] [--role R]
 *          (a strong password is generated when omitted; the role is admin unless given)
 *   reset-password --email E [--password P]                  (signs the account out everywhere)
 *   list
 *   verify-ledger                                            (recomputes paid sums and totals from the ledger; exit 1 on any difference)
 *   rotate-documents-key [--batch N]                          (re-wraps every data key, N per step; safe to run again)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './lib/data-dir-lock';
import { ROLES } from '@registrar/contract/permissions';
import { documentKeyRepository } from './repositories/document-key-repository';
import { MasterKeyError, loadMasterKeys } from './services/documents/master-keys';
import { finishKeyFileRotation, prepareKeyFileRotation, rewrapDocumentKeys } from './services/documents/key-rotation';
import { staffRepository } from './repositories/staff-repository';
import { verifyLedger } from './services/ledger-check';
import { StaffAccountError, createStaff, resetStaffPassword } from './services/staff-accounts';

const USAGE = `Usage: npm run staff -- create --email E [--name N] [--phone P] [--password P] [--role ${ROLES.join('|')}]
       npm run staff -- reset-password --email E [--password P]
       npm run staff -- list
       npm run staff -- verify-ledger
       npm run staff -- rotate-documents-key [--batch N]`;
const COMMANDS = ['create', 'reset-password', 'list', 'verify-ledger', 'rotate-documents-key'];

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      batch: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command || !COMMANDS.includes(command)) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  if ((command === 'create' || command === 'reset-password') && !values.email) {
    process.stderr.write(`--email is required\n${USAGE}\n`);
    return 2;
  }

  const config = loadConfig();
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) lock = lockDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    poolSize: 1,
  });
  try {
    await database.migrate();
    if (command === 'verify-ledger') {
      const problems = await verifyLedger(database.db);
      for (const line of problems) process.stdout.write(`${line}\n`);
      process.stdout.write(
        problems.length ? `${problems.length} difference(s) found\n` : 'The ledger balances: no difference found.\n',
      );
      return problems.length ? 1 : 0;
    }
    if (command === 'rotate-documents-key') {
      const keyFile = !config.documentsKey;
      if (keyFile) prepareKeyFileRotation(config.dataDir);
      const keys = loadMasterKeys(config);
      const { rewrapped, unknown } = await rewrapDocumentKeys(database.db, keys, {
        batch: values.batch ? Math.max(1, Number.parseInt(values.batch, 10) || 100) : undefined,
        onProgress: (n) => process.stdout.write(`Re-wrapped ${n} document keys so far\n`),
      });
      const counts = await documentKeyRepository.countByKey(database.db);
      const left = [...counts].filter(([id]) => id !== keys.currentId).reduce((t, [, n]) => t + n, 0);
      process.stdout.write(`Re-wrapped ${rewrapped} document keys under master key ${keys.currentId}\n`);
      if (unknown || left) {
        process.stderr.write(
          `${left} document keys are under a master key that is not loaded; add it to DOCUMENTS_KEY_PREVIOUS and run again\n`,
        );
        return 1;
      }
      if (keyFile) finishKeyFileRotation(config.dataDir);
      else process.stdout.write('DOCUMENTS_KEY_PREVIOUS is no longer needed.\n');
      return 0;
    }
    if (command === 'list') {
      const rows = await staffRepository.list(database.db);
      for (const row of rows)
        process.stdout.write(
          `${row.email}\t${row.name}\t${row.role}\t${row.active ? 'active' : 'disabled'}\t${row.createdAt.toISOString()}\n`,
        );
      if (rows.length === 0) process.stdout.write('No staff accounts yet.\n');
      return 0;
    }
    const result =
      command === 'create'
        ? await createStaff(database.db, {
            email: values.email!,
            name: values.name,
            phone: values.phone ?? null,
            password: values.password,
            role: values.role,
          })
        : await resetStaffPassword(database.db, values.email!, values.password);
    process.stdout.write(
      command === 'create'
        ? `Created staff account ${result.email} (${'role' in result ? result.role : ''})\n`
        : `Password reset for ${result.email}; all sessions signed out\n`,
    );
    if (result.generated) process.stdout.write(`Password (shown only now): ${result.password}\n`);
    return 0;
  } finally {
    await database.close();
    lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    const known =
      err instanceof StaffAccountError ||
      err instanceof ConfigError ||
      err instanceof DataDirLockedError ||
      err instanceof MasterKeyError;
    process.stderr.write(`${known ? err.message : `Failed: ${err.message}`}\n`);
    process.exit(1);
  },
);

/**
 * What `npm run staff` does, whoever runs it: the CLI on a database it opened itself, or the
 * running embedded server on its own when the CLI asks through DATA_DIR's control socket. Each
 * command writes its lines through `out` and returns its exit status.
 */
import { parseArgs } from 'node:util';
import { ROLES } from '@registrar/contract/permissions';
import { ConfigError, type Config } from './config';
import type { Db } from './db/database';
import { documentKeyRepository } from './repositories/document-key-repository';
import { staffRepository } from './repositories/staff-repository';
import { finishKeyFileRotation, prepareKeyFileRotation, rewrapDocumentKeys } from './services/documents/key-rotation';
import { MasterKeyError, loadMasterKeys, type MasterKeys } from './services/documents/master-keys';
import { ControlSocketError } from './services/backup/control-socket';
import { DataDirLockedError } from './lib/data-dir-lock';
import { verifyLedger } from './services/ledger-check';
import { StaffAccountError, createStaff, resetStaffPassword } from './services/staff-accounts';

export const STAFF_USAGE = `Usage: npm run staff -- create --email E [--name N] [--phone P] [--password P] [--role ${ROLES.join('|')}]
       npm run staff -- reset-password --email E [--password P]
       npm run staff -- list
       npm run staff -- verify-ledger
       npm run staff -- rotate-documents-key [--batch N]`;
const COMMANDS = ['create', 'reset-password', 'list', 'verify-ledger', 'rotate-documents-key'];

export interface StaffOutput {
  out(line: string): void;
  err(line: string): void;
}

export interface StaffContext {
  db: Db;
  config: Config;
  /** The running server's documents storage takes the new keys before any data key is re-wrapped. */
  useKeys?(keys: MasterKeys): void;
}

/** The arguments as understood, or the exit status of a usage answer already written. */
export function parseStaffArgs(argv: string[], output: StaffOutput) {
  const { positionals, values } = parseArgs({
    args: argv,
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
    output.out(STAFF_USAGE);
    return values.help ? 0 : 2;
  }
  if ((command === 'create' || command === 'reset-password') && !values.email) {
    output.err(`--email is required\n${STAFF_USAGE}`);
    return 2;
  }
  return { command, values };
}

export async function runStaffCommand(ctx: StaffContext, argv: string[], output: StaffOutput): Promise<number> {
  const parsed = parseStaffArgs(argv, output);
  if (typeof parsed === 'number') return parsed;
  const { command, values } = parsed;
  const { db, config } = ctx;
  if (command === 'verify-ledger') {
    const problems = await verifyLedger(db);
    for (const line of problems) output.out(line);
    output.out(
      problems.length ? `${problems.length} difference(s) found` : 'The ledger balances: no difference found.',
    );
    return problems.length ? 1 : 0;
  }
  if (command === 'rotate-documents-key') {
    const keyFile = !config.documentsKey;
    if (keyFile) prepareKeyFileRotation(config.dataDir);
    const keys = loadMasterKeys(config);
    ctx.useKeys?.(keys);
    const { rewrapped, unknown } = await rewrapDocumentKeys(db, keys, {
      batch: values.batch ? Math.max(1, Number.parseInt(values.batch, 10) || 100) : undefined,
      onProgress: (n) => output.out(`Re-wrapped ${n} document keys so far`),
    });
    const counts = await documentKeyRepository.countByKey(db);
    const left = [...counts].filter(([id]) => id !== keys.currentId).reduce((t, [, n]) => t + n, 0);
    output.out(`Re-wrapped ${rewrapped} document keys under master key ${keys.currentId}`);
    if (unknown || left) {
      output.err(
        `${left} document keys are under a master key that is not loaded; add it to DOCUMENTS_KEY_PREVIOUS and run again`,
      );
      return 1;
    }
    if (keyFile) finishKeyFileRotation(config.dataDir);
    else output.out('DOCUMENTS_KEY_PREVIOUS is no longer needed.');
    return 0;
  }
  if (command === 'list') {
    const rows = await staffRepository.list(db);
    for (const row of rows)
      output.out(
        `${row.email}\t${row.name}\t${row.role}\t${row.active ? 'active' : 'disabled'}\t${row.createdAt.toISOString()}`,
      );
    if (rows.length === 0) output.out('No staff accounts yet.');
    return 0;
  }
  const result =
    command === 'create'
      ? await createStaff(db, {
          email: values.email!,
          name: values.name,
          phone: values.phone ?? null,
          password: values.password,
          role: values.role,
        })
      : await resetStaffPassword(db, values.email!, values.password);
  output.out(
    command === 'create'
      ? `Created staff account ${result.email} (${'role' in result ? result.role : ''})`
      : `Password reset for ${result.email}; all sessions signed out`,
  );
  if (result.generated) output.out(`Password (shown only now): ${result.password}`);
  return 0;
}

/** The one line a failed command prints: our own errors as they are, anything else prefixed. */
export function staffErrorLine(err: Error): string {
  const known =
    err instanceof StaffAccountError ||
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof MasterKeyError ||
    err instanceof ControlSocketError;
  return known ? err.message : `Failed: ${err.message}`;
}

/**
 * A first start (or the first after an upgrade) migrates the embedded database in a process of its
 * own that then exits: PGlite's WebAssembly memory grows to what the migrations needed and never
 * shrinks, so a server that ran them itself idled 100+ MiB above one that had not. A marker in
 * DATA_DIR names the last migration applied, so later starts go straight to serving.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../db/database';

/** The server's flag for "prepare the database, then exit". */
export const PREPARE_ONLY_FLAG = '--prepare-only';

const markerFile = (dataDir: string) => path.join(dataDir, '.migrated');

function latestMigration(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)?.tag ?? '';
}

/** Whether the embedded database in `pgliteDir` exists and has every migration this build knows. */
export function preparedAlready(dataDir: string, pgliteDir: string): boolean {
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) return false;
  try {
    return fs.readFileSync(markerFile(dataDir), 'utf8').trim() === latestMigration();
  } catch {
    return false;
  }
}

export function markPrepared(dataDir: string): void {
  fs.writeFileSync(markerFile(dataDir), `${latestMigration()}\n`);
}

/** Runs `script --prepare-only` with this process's Node flags and environment; exits if it fails. */
export function prepareInChild(script: string): void {
  const child = spawnSync(process.execPath, [...process.execArgv, script, PREPARE_ONLY_FLAG], { stdio: 'inherit' });
  if (child.status !== 0) process.exit(child.status ?? 1);
}

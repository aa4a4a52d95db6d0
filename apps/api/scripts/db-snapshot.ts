/**
 * drizzle-kit generates a migration by diffing schema.ts against the newest snapshot in
 * drizzle/meta. A hand-written migration (triggers, functions, data) comes without one, so
 * `npm run db:snapshot -w apps/api` writes the latest journal entry's snapshot from schema.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import * as schema from '../src/db/schema';

export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
const metaFolder = path.join(migrationsFolder, 'meta');
const EMPTY_META = { schemas: {}, tables: {}, columns: {} };
const ORIGIN_ID = '00000000-0000-0000-0000-000000000000';

type Snapshot = DrizzleSnapshotJSON & { _meta?: unknown };

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(metaFolder, file), 'utf8')) as T;

/** Snapshot files in the order drizzle-kit reads them: the last one is what it diffs against. */
export function snapshotFiles(): string[] {
  return fs
    .readdirSync(metaFolder)
    .filter((name) => name.endsWith('_snapshot.json'))
    .sort();
}

/** The snapshot `db:generate` diffs schema.ts against. */
export function latestSnapshot(): Snapshot {
  const files = snapshotFiles();
  return readJson<Snapshot>(files[files.length - 1]!);
}

/** schema.ts as drizzle-kit sees it. */
export function schemaSnapshot(prevId?: string): Snapshot {
  return generateDrizzleJson(schema, prevId) as Snapshot;
}

/** The SQL `db:generate` would write now: none when the latest snapshot is schema.ts. */
export function pendingStatements(): Promise<string[]> {
  return generateMigration(latestSnapshot(), schemaSnapshot());
}

/** Every statement that builds schema.ts on an empty database, as a first migration would. */
export function schemaStatements(): Promise<string[]> {
  const empty = { ...schemaSnapshot(), id: ORIGIN_ID, prevId: '', tables: {}, enums: {}, schemas: {} };
  return generateMigration({ ...empty, sequences: {}, roles: {}, policies: {}, views: {} }, schemaSnapshot());
}

/** Writes `<latest journal prefix>_snapshot.json` from schema.ts, chained to the snapshot before it. */
export function writeLatestSnapshot(): string {
  const journal = readJson<{ entries: { tag: string }[] }>('_journal.json');
  const latest = journal.entries[journal.entries.length - 1];
  if (!latest) throw new Error('drizzle/meta/_journal.json has no migrations');
  const file = `${latest.tag.split('_')[0]}_snapshot.json`;
  const earlier = snapshotFiles().filter((name) => name < file);
  const existing = fs.existsSync(path.join(metaFolder, file)) ? readJson<Snapshot>(file) : undefined;
  const prevId = existing?.prevId ?? (earlier.length ? readJson<Snapshot>(earlier[earlier.length - 1]!).id : ORIGIN_ID);
  const snapshot = schemaSnapshot(prevId);
  // Keeping the id of a snapshot written before makes running this twice change nothing.
  const saved = { ...snapshot, id: existing?.id ?? snapshot.id, _meta: EMPTY_META };
  fs.writeFileSync(path.join(metaFolder, file), `${JSON.stringify(saved, null, 2)}\n`);
  return file;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`wrote drizzle/meta/${writeLatestSnapshot()} from src/db/schema.ts`);
}

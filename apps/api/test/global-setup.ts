/**
 * Vitest globalSetup of the API projects: migrates one database per run for every test file to
 * copy, since initialising and migrating a database per file was most of the suite's set-up. On
 * PGlite it writes dumps of an in-memory database, empty and migrated; on PostgreSQL it leaves a
 * migrated template database, dropped when the run ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { adminQuery, postgresUrl, withDatabase } from './database-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding a migrated PGlite data directory's dump (api:pglite). */
    pgliteTemplate: string;
    /** The same before migrating: an initialised, empty PGlite database (api:pglite). */
    pgliteEmpty: string;
    /** The migrated template database's name (api:postgres). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres') {
    const name = `registrar_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(postgresUrl!, name), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      // A template cannot be copied while anyone is connected to it.
      await database.close();
    }
    project.provide('postgresTemplate', name);
    return () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  // Initialised once too: tests that migrate on their own start from this empty database.
  const database = await openDatabase({});
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-template-'));
  const dumpTo = async (file: string) => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(path.join(dir, file), Buffer.from(await dump.arrayBuffer()));
  };
  try {
    await dumpTo('empty.tar');
    await database.migrate();
    await dumpTo('migrated.tar');
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', path.join(dir, 'migrated.tar'));
  project.provide('pgliteEmpty', path.join(dir, 'empty.tar'));
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * No source file (code or stylesheet) over 400 lines but the database schema, and no API test file
 * or test helper either: a longer file holds more than one thing a reader looks for, and splitting
 * it along its seams names each of them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 400;
const SOURCE = /^(?:apps|packages)\/[^/]+\/src\/.*\.(?:ts|tsx|css)$/;
const TEST = /\.test\.tsx?$|\/test\//;
/** The API's tests and their helpers are held to the same length as its source. */
const API_TEST = /^apps\/api\/test\/.*\.ts$/;
/** Holds every table, by design one file. */
const EXEMPT = new Set(['apps/api/src/db/schema.ts']);

const lineCount = (file: string) => fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;

describe('file length', () => {
  it(`finds no source file over ${MAX_LINES} lines`, () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'apps', 'packages'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => ((SOURCE.test(f) && !TEST.test(f)) || API_TEST.test(f)) && fs.existsSync(path.join(root, f)));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .filter((f) => !EXEMPT.has(f) && lineCount(f) > MAX_LINES)
      .map((f) => `${f}: ${lineCount(f)} lines`);
    expect(long).toEqual([]);
  });
});

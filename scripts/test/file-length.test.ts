/**
 * No code file, stylesheet, test or test helper over 400 lines anywhere in the repository but the
 * database schema: a longer file holds more than one thing a reader looks for, and splitting it
 * along its seams names each of them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 400;
const CODE = /\.(?:ts|tsx|mts|js|mjs|cjs|css)$/;
/** Holds every table, by design one file. */
const EXEMPT = new Set(['apps/api/src/db/schema.ts']);

const lineCount = (file: string) => fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;

describe('file length', () => {
  it(`finds no code or test file over ${MAX_LINES} lines`, () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => CODE.test(f) && fs.existsSync(path.join(root, f)));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .filter((f) => !EXEMPT.has(f) && lineCount(f) > MAX_LINES)
      .map((f) => `${f}: ${lineCount(f)} lines`);
    expect(long).toEqual([]);
  });
});

/**
 * Money, counts and dates are formatted in one place, the contract's language.ts, so a screen, a
 * mail and a PDF never disagree on Indian grouping, the time zone or the month names. Any other
 * file that builds an Intl number or date formatter, or asks a value to format itself, fails here.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.[cm]?[jt]sx?$/;
const THE_FORMATTERS = 'packages/contract/src/language.ts';
const OWN_FORMATTING = [/\bIntl\s*\.\s*(?:NumberFormat|DateTimeFormat)\s*\(/, /\.toLocale(?:Date|Time)?String\s*\(/];

function ownFormatting(text: string): number[] {
  return text.split('\n').flatMap((line, i) => (OWN_FORMATTING.some((pattern) => pattern.test(line)) ? [i + 1] : []));
}

function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'apps', 'packages'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return listed
    .split('\n')
    .filter((f) => SOURCE.test(f) && f !== THE_FORMATTERS)
    .filter((f) => fs.existsSync(path.join(root, f)));
}

describe('money, counts and dates have one formatter', () => {
  it('recognises a formatter built or asked for outside the contract, and leaves other locale calls alone', () => {
    const lines = [
      "const count = new Intl.NumberFormat('en-IN');",
      "const when = Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });",
      "`${n.toLocaleString('en-IN')} students`",
      'new Date(iso).toLocaleDateString()',
      'date.toLocaleTimeString()',
      "formatCount(n, 'en')",
      'name.charAt(0).toLocaleUpperCase()',
      'const order = new Intl.Collator();',
    ];
    expect(ownFormatting(lines.join('\n'))).toEqual([1, 2, 3, 4, 5]);
  });

  it('finds none under apps/ or packages/ but in the contract', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      ownFormatting(fs.readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}:${line}`),
    );
    expect(found).toEqual([]);
  });

  it('is the contract that formats', () => {
    expect(ownFormatting(fs.readFileSync(path.join(root, THE_FORMATTERS), 'utf8')).length).toBeGreaterThan(0);
  });
});

/**
 * One word per concept in every visible text (docs/glossary.md): the student catalogues in both
 * languages and the staff console's own English strings. "Enrolment" as Indian English writes it
 * (only the menu label "Student Enrollments" keeps its spelling; paths keep the spec's), "Login" for
 * signing in, dates never as ISO `2026-12-07`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../packages/contract/src/locales/en.json';
import hi from '../../packages/contract/src/locales/hi.json';

const root = path.resolve(import.meta.dirname, '../..');

/** The words each rule refuses, with the word the glossary uses instead. */
const ENGLISH_RULES: { refused: RegExp; use: string }[] = [
  // A path (/student-enrollment, /api/staff-enrollment) keeps the spec's spelling.
  { refused: /(?<![/-])\benroll(?:ment|ments)?\b/i, use: 'enrol / enrolment' },
  { refused: /\bsign[ -]?in\b/i, use: 'Login / log in' },
  { refused: /\b\d{4}-\d{2}-\d{2}\b/, use: '7 Dec 2026 or 07/12/2026' },
];
const HINDI_RULES: { refused: RegExp; use: string }[] = [
  { refused: /नामांकन|एनरोलमेंट|दाखिला/, use: 'दाख़िला' },
  { refused: /साइन इन/, use: 'लॉगिन' },
  { refused: /\b\d{4}-\d{2}-\d{2}\b/, use: '7 दिस॰ 2026' },
];
/** The labels the glossary keeps as they are. */
const KEPT = [/Student Enrollments/g, /Student Inquiries/g];

function breaches(texts: Iterable<[string, string]>, rules: { refused: RegExp; use: string }[]): string[] {
  const found: string[] = [];
  for (const [where, raw] of texts) {
    const text = KEPT.reduce((t, kept) => t.replace(kept, ''), raw);
    for (const rule of rules) if (rule.refused.test(text)) found.push(`${where}: "${raw}" (use ${rule.use})`);
  }
  return found;
}

/** The English a staff screen shows: JSX text and string literals that read as words, not code. */
export function visibleStrings(source: string): string[] {
  const out: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const m of code.matchAll(/>([^<>{}=;]*[A-Za-z][^<>{}=;]*)</g)) out.push(m[1]!.trim());
  for (const m of code.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    const value = m[2]!.replace(/\$\{[^}]*\}/g, '');
    // A sentence or label has a space and a letter; a path, id, import or class name has neither.
    if (/[A-Za-z]/.test(value) && / /.test(value) && !value.startsWith('/') && !/^[@.]/.test(value)) out.push(value);
  }
  return out;
}

function webScreens(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'apps/web/src'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx') && !f.endsWith('test-harness.tsx'))
    .filter((f) => fs.existsSync(path.join(root, f)));
}

describe('the glossary holds in every visible text', () => {
  it('refuses the words it replaces and keeps the two menu labels', () => {
    const sample: [string, string][] = [
      ['a', 'Your Enrollment is ready'],
      ['b', 'Sign in to continue'],
      ['c', 'Due 2026-12-07'],
      ['d', 'Student Enrollments'],
      ['e', 'Login to the console; your enrolment is due on 7 Dec 2026'],
    ];
    expect(breaches(sample, ENGLISH_RULES).map((b) => b.slice(0, 1))).toEqual(['a', 'b', 'c']);
    expect(visibleStrings(`<h1>Sign in</h1>; const x = 'Student enrollment form'; import a from '@x/y';`)).toEqual([
      'Sign in',
      'Student enrollment form',
    ]);
  });

  it('the English catalogue', () => {
    expect(breaches(Object.entries(en), ENGLISH_RULES)).toEqual([]);
  });

  it('the Hindi catalogue', () => {
    expect(breaches(Object.entries(hi), HINDI_RULES)).toEqual([]);
  });

  it("the staff console's screens", () => {
    const texts = webScreens().flatMap((file) =>
      visibleStrings(fs.readFileSync(path.join(root, file), 'utf8')).map((t): [string, string] => [file, t]),
    );
    expect(breaches(texts, ENGLISH_RULES)).toEqual([]);
  });
});

/**
 * Comments and test names say the rule or the reason themselves: a reader of the repository has
 * neither the product brief nor the design notes nor the issue tracker, so a pointer to a section
 * or an issue number tells them nothing. Standards anyone can read (an RFC section) are fine.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SECTION = '\u00a7';
const ISSUE = 'issue'; // spelled apart so that this file does not cite one itself
const CITATIONS = [
  // A section of the brief or of the design notes: "spec <section>", "DESIGN <section>".
  new RegExp(`\\b(?:spec|design)(?:\\.md)?(?:'s)?\\s*(?:\\(\\s*)?${SECTION}`, 'i'),
  // An issue of the tracker by its number, singular or plural, in any case.
  /\bissues? #?\d+/i,
  // A bare section number, unless it belongs to a public standard such as "RFC 2045 <section>6.7".
  new RegExp(`(?<!\\bRFC \\d+ )${SECTION}\\s?\\d`),
];
const SOURCE = /\.(?:[cm]?[jt]sx?|css|html|sql)$/;
/** The repository's own prose: the docs, the benchmarks' notes and every README. */
const PROSE = /(?:^docs\/.*|(?:^|\/)README)\.md$/;
const TREES = ['apps', 'packages', 'e2e', 'bench', 'scripts'];

/** The numbers of the lines of `text` that cite something the repository does not hold. */
function citations(text: string): number[] {
  return text.split('\n').flatMap((line, i) => (CITATIONS.some((pattern) => pattern.test(line)) ? [i + 1] : []));
}

function trackedFiles(trees: string[]): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...trees], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((f) => f && fs.existsSync(path.join(root, f)));
}

function sourceFiles(): string[] {
  const rootFiles = fs.readdirSync(root).filter((f) => SOURCE.test(f));
  return [...trackedFiles(TREES).filter((f) => SOURCE.test(f)), ...rootFiles];
}

function proseFiles(): string[] {
  return trackedFiles(['.']).filter((f) => PROSE.test(f) && !f.includes('node_modules/'));
}

describe('comments stand on their own', () => {
  it('recognises a citation of the brief, the design notes or an issue, and leaves a public standard alone', () => {
    const lines = [
      `// Paging (DESIGN ${SECTION}4).`,
      `/** Login messages (spec ${SECTION}5). */`,
      `// Announcements (${ISSUE} 9).`,
      `// verbatim from the spec (${SECTION}5, ${SECTION}8)`,
      `/** Quoted-printable (RFC 2045 ${SECTION}6.7). */`,
      '// Ten digits, the first one 1-9: the phone rule.',
    ];
    expect(citations(lines.join('\n'))).toEqual([1, 2, 3, 4]);
  });

  it('finds no citation in the tree', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      citations(fs.readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}:${line}`),
    );
    expect(found).toEqual([]);
  });

  it('finds no citation in the docs or any README', () => {
    const files = proseFiles();
    expect(files).toEqual(expect.arrayContaining(['docs/decisions.md', 'bench/README.md', 'README.md']));
    const found = files.flatMap((file) =>
      citations(fs.readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}:${line}`),
    );
    expect(found).toEqual([]);
  });
});

/**
 * No module of ours imports itself back, directly or through others, in any workspace: a circle
 * makes load order decide what a module sees and leaves no layer to read first.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import madge from 'madge';
import { afterAll, describe, expect, it } from 'vitest';
import rootPackage from '../../package.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '../..');
const folders = [...rootPackage.workspaces, 'scripts'];

/** The import graph below `dir`, type-only imports included (they tie the modules together just the same). */
const graphOf = (dir: string) =>
  madge(dir, {
    fileExtensions: ['ts', 'tsx', 'mts', 'js', 'mjs'],
    excludeRegExp: [/(^|\/)(node_modules|dist|test-results|playwright-report)\//],
    tsConfig: path.join(root, 'tsconfig.base.json'),
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });

describe('import graph', () => {
  it.each(folders)(
    '%s has no import circle',
    async (folder) => {
      const graph = await graphOf(path.join(root, folder));
      expect(Object.keys(graph.obj()).length).toBeGreaterThan(1);
      // A package named like the importing file (bench/lighthouse.mjs imports `lighthouse`) comes back
      // from the resolver as the file itself; a circle takes two modules.
      expect(graph.circular().filter((circle) => circle.length > 1)).toEqual([]);
    },
    120_000,
  );

  const scratch = mkdtempSync(path.join(tmpdir(), 'import-circles-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds a circle that only type imports close', async () => {
    mkdirSync(path.join(scratch, 'src'));
    writeFileSync(path.join(scratch, 'src/a.ts'), "import type { B } from './b';\nexport type A = { b?: B };\n");
    writeFileSync(path.join(scratch, 'src/b.ts'), "import { type A } from './a';\nexport type B = { a?: A };\n");
    expect((await graphOf(scratch)).circular()).toEqual([['src/a.ts', 'src/b.ts']]);
  });
});

/**
 * Lists the imports that reach from one web feature folder into another (apps/web/src/features/<a> → <b>).
 * A feature may import only shared/, app-provided context and the contract; the lint zones in
 * eslint.config.js refuse new ones, and this count shows what is left. Run: npx tsx scripts/cross-feature-imports.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const features = path.join(root, 'apps/web/src/features');

export interface CrossImport {
  file: string;
  from: string;
  to: string;
  specifier: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Static imports, re-exports, dynamic import() and vi.mock() paths. */
const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;

export function crossFeatureImports(): CrossImport[] {
  const found: CrossImport[] = [];
  for (const file of sourceFiles(features)) {
    const from = path.relative(features, file).split(path.sep)[0]!;
    for (const match of readFileSync(file, 'utf8').matchAll(specifierPattern)) {
      const specifier = match[1]!;
      if (!specifier.startsWith('.')) continue;
      const target = path.relative(features, path.resolve(path.dirname(file), specifier));
      if (target.startsWith('..')) continue;
      const to = target.split(path.sep)[0]!;
      if (to !== from) found.push({ file: path.relative(root, file), from, to, specifier });
    }
  }
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const found = crossFeatureImports();
  const pairs = new Set(found.map((i) => `${i.from} → ${i.to}`));
  const both = [...pairs].filter((p) => {
    const [a, b] = p.split(' → ');
    return a! < b! && pairs.has(`${b} → ${a}`);
  });
  for (const i of found) console.log(`${i.file}: ${i.specifier}`);
  console.log(
    `${found.length} cross-feature imports, ${pairs.size} feature pairs, ${both.length} both ways${both.length ? ` (${both.join(', ')})` : ''}`,
  );
}

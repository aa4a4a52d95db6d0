/** One name per feature: a web feature keeps its API calls in `features/<name>/api/<name>-api.ts`. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const features = path.resolve(import.meta.dirname, '../../apps/web/src/features');

const apiFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return apiFiles(full);
    return /-api\.tsx?$/.test(entry.name) ? [path.relative(features, full)] : [];
  });

describe('web feature layout', () => {
  it('keeps every API file in its feature folder’s api/, named for that folder', () => {
    const misplaced = apiFiles(features).filter((file) => {
      const parts = file.split(path.sep);
      const owner = parts.at(-3);
      return parts.at(-2) !== 'api' || parts.at(-1)!.replace(/-api\.tsx?$/, '') !== owner;
    });
    expect(apiFiles(features).length).toBeGreaterThan(10);
    expect(misplaced).toEqual([]);
  });
});

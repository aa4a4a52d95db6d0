/**
 * Packages only some requests need (mail parsing, spreadsheets, zips, QR codes, HTML cleaning),
 * loaded on their first use instead of before the server listens: together they were about a
 * third of the time a restart spent loading code.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/** `id`'s CommonJS exports, read once on the first call. */
export function lazyPackage<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(id) as T);
}

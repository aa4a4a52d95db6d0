/**
 * A Vite plugin that compiles the students' message catalogues at build time: importing
 * `…/locales/hi.json?lingui` gives `{ messages }` with every ICU MessageFormat text already turned
 * into Lingui's compiled form, so the browser runs no message parser. Each catalogue is a chunk of
 * its own, fetched only by a page that shows its language. `?lingui=my` is the student's page's
 * part (`my.*`, the switch, the contract's messages); plain `?lingui` is the forms' part, without it.
 */
import fs from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const QUERY = /\?lingui(?:=(\w+))?$/;
/** Texts only the server writes (mails, the fee statement): left out of the browser's catalogues. */
const SERVER_ONLY = /^(?:mail|statement)\./;
/** Which ids each part of a catalogue holds; the forms' part is the default. */
const PARTS: Record<string, (id: string) => boolean> = {
  forms: (id) => !SERVER_ONLY.test(id) && !id.startsWith('my.'),
  my: (id) => /^(?:my|language|messages)\./.test(id),
};
const PREFIX = '\0compiled-catalogue:';

/** `{ id: text }` → `{ id: compiled }`; a text that is not valid ICU MessageFormat fails the build. */
export function compileCatalogue(source: Record<string, string>, file: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(source).map(([id, text]) => {
      try {
        return [id, compileMessageOrThrow(text)];
      } catch (err) {
        throw new Error(`${file}: message "${id}" is not valid ICU MessageFormat: ${(err as Error).message}`);
      }
    }),
  );
}

export function compiledCatalogues(): Plugin {
  return {
    name: 'registrar:compiled-catalogues',
    enforce: 'pre',
    async resolveId(source, importer) {
      const query = QUERY.exec(source);
      if (!query) return null;
      const part = query[1] ?? 'forms';
      if (!(part in PARTS)) throw new Error(`${source}: no catalogue part "${part}"`);
      const resolved = await this.resolve(source.slice(0, query.index), importer, { skipSelf: true });
      // Ends in .js: Vite's JSON plugin must leave the compiled module alone.
      return resolved ? `${PREFIX}${part}:${resolved.id}.js` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [, part, file] = /^([^:]+):(.*)\.js$/.exec(id.slice(PREFIX.length))!;
      this.addWatchFile(file!);
      const source = JSON.parse(fs.readFileSync(file!, 'utf8')) as Record<string, string>;
      const forBrowser = Object.fromEntries(Object.entries(source).filter(([id]) => PARTS[part!]!(id)));
      const compiled = compileCatalogue(forBrowser, file!);
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}

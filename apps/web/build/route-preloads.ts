/**
 * A Vite plugin that writes dist/route-preloads.json: for each public route, the JS chunks its
 * lazy screen needs. The server adds them to index.html as <link rel="modulepreload"> for that
 * route, so a phone fetches the form's code in parallel with the entry instead of after it
 * (Lighthouse: the form paints one round-trip sooner).
 */
import type { Plugin } from 'vite';

export function routePreloads(routes: Record<string, string>): Plugin {
  return {
    name: 'registrar-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entryFiles = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
      const result: Record<string, string[]> = {};
      for (const [route, modulePath] of Object.entries(routes)) {
        const start = chunks.find((c) => c.facadeModuleId?.endsWith(modulePath));
        if (!start) continue;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || entryFiles.has(fileName)) return;
          files.add(fileName);
          byFile.get(fileName)?.imports.forEach(visit);
        };
        visit(start.fileName);
        result[route] = [...files].map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(result) });
    },
  };
}

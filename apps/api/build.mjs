// Bundles the API into dist/ with esbuild: our TypeScript (and the contract package) in, npm
// packages stay external and load from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const version = process.env.APP_VERSION ?? pkg.version ?? '0.1.0';

await build({
  entryPoints: ['src/server.ts', 'src/staff-cli.ts', 'src/backup-cli.ts'].filter((f) => {
    try {
      readFileSync(f);
      return true;
    } catch {
      return false;
    }
  }),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // The contract package is our source, not a dependency: bundle it.
  alias: {},
  plugins: [
    {
      name: 'bundle-contract',
      setup(b) {
        // `@registrar/contract/x` is src/x.ts; `@registrar/contract/locales/x.json` is the catalogue.
        b.onResolve({ filter: /^@registrar\/contract\// }, (args) => {
          const rest = args.path.slice('@registrar/contract/'.length);
          const file = rest.endsWith('.json') ? rest : `${rest}.ts`;
          return { path: new URL(`../../packages/contract/src/${file}`, import.meta.url).pathname };
        });
      },
    },
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});

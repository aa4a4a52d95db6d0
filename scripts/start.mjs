// `npm start`: builds what is missing or stale, then starts the server.
// The server migrates the database and serves the API and the SPA on one origin.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const p = (...parts) => path.join(root, ...parts);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builds = [
  {
    workspace: 'apps/web',
    output: p('apps/web/dist/index.html'),
    sources: [p('apps/web/src'), p('apps/web/index.html'), p('apps/web/public'), p('packages/contract/src')],
  },
  {
    workspace: 'apps/api',
    output: p('apps/api/dist/server.js'),
    sources: [p('apps/api/src'), p('packages/contract/src')],
  },
];

for (const { workspace, output, sources } of builds) {
  const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  if (built > Math.max(...sources.map(newestMtime))) continue;
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs in this process rather than a child: one Node process fewer (about 45 MiB) in
// the idle tree. It handles SIGTERM/SIGINT and exits by itself.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(p('apps/api/dist/server.js')).href);

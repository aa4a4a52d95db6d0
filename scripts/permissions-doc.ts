/** `npm run docs:permissions`: writes docs/permissions.md from the role → permission matrix. */
import fs from 'node:fs';
import path from 'node:path';
import { renderPermissionsDoc } from '../packages/contract/src/permissions-doc';

const target = path.resolve(import.meta.dirname, '../docs/permissions.md');
fs.writeFileSync(target, renderPermissionsDoc());
process.stdout.write(`Wrote ${path.relative(process.cwd(), target)}\n`);

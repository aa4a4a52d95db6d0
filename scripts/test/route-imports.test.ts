/** Routes reach the database only through services: lint refuses a route that imports db/, a repository or drizzle. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function messages(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

describe('routes use services only', () => {
  it.each([
    "import { auditLog } from '../db/schema';\nexport const x = auditLog;\n",
    "import type { Db } from '../db/database';\nexport type X = Db;\n",
    "import { staffRepository } from '../repositories/staff-repository';\nexport const x = staffRepository;\n",
    "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
  ])('refuses %s', async (code) => {
    const found = await messages('apps/api/src/routes/x.ts', code);
    expect(found).toContainEqual(
      expect.objectContaining({ ruleId: 'no-restricted-imports', message: expect.stringMatching(/through a service/) }),
    );
  });

  it('still refuses a route that imports web code', async () => {
    const found = await messages(
      'apps/api/src/routes/x.ts',
      "import { routes } from '../../../web/src/app/router';\nexport const x = routes;\n",
    );
    expect(found.map((m) => m.ruleId)).toContain('no-restricted-imports');
  });

  it('lets a route import a service, the lib and the contract', async () => {
    const code = [
      "import { DashboardService } from '../services/dashboard-service';",
      "import { attachment } from '../lib/csv';",
      "import { auditQuerySchema } from '@registrar/contract/dashboard';",
      'export const x = [DashboardService, attachment, auditQuerySchema];',
      '',
    ].join('\n');
    expect(await messages('apps/api/src/routes/x.ts', code)).toEqual([]);
  });

  it('holds for every route in the tree today', async () => {
    const results = await eslint.lintFiles(['apps/api/src/routes/**/*.ts']);
    const refused = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(results.length).toBeGreaterThan(5);
    expect(refused).toEqual([]);
  });
});

/** The lint setup itself: imports flow one way and file names are kebab-case. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { crossFeatureImports } from '../cross-feature-imports';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  // Services use typescript-eslint's form of the rule, which can let type-only imports through.
  return result!.messages.map((m) => m.ruleId?.replace('@typescript-eslint/', '') ?? m.message);
}

describe('lint rules', () => {
  it.each([
    ['apps/web/src/shared/lib/x.ts', "import { routes } from '../../app/router';\nexport const x = routes;\n"],
    [
      'apps/web/src/shared/ui/x.ts',
      "import { AuditScreen } from '../../features/audit/audit-screen';\nexport const x = AuditScreen;\n",
    ],
    ['apps/web/src/features/courses/x.ts', "import { routes } from '../../app/router';\nexport const x = routes;\n"],
    ['apps/api/src/repositories/x.ts', "import routes from '../routes/health';\nexport const x = routes;\n"],
    ['apps/api/src/services/x.ts', "import routes from '../routes/health';\nexport const x = routes;\n"],
    ['apps/web/src/app/x.ts', "import { buildApp } from '../../../api/src/app';\nexport const x = buildApp;\n"],
    ['apps/api/src/plugins/x.ts', "import { auditLog } from '../db/schema';\nexport const x = auditLog;\n"],
    ['apps/api/src/plugins/x.ts', "import { sql } from 'drizzle-orm';\nexport const x = sql;\n"],
    ['apps/api/src/services/x.ts', "import { sql } from 'drizzle-orm';\nexport const x = sql;\n"],
    ['apps/api/src/services/x.ts', "import { payments } from '../db/schema';\nexport const x = payments;\n"],
    ['apps/api/src/services/x.ts', "import { sqlRows } from '../db/database';\nexport const x = sqlRows;\n"],
    ['apps/api/src/services/gst/x.ts', "import type { SQL } from 'drizzle-orm';\nexport type X = SQL;\n"],
    [
      'apps/api/src/repositories/x.ts',
      "import { FeeService } from '../services/fee-service';\nexport const x = FeeService;\n",
    ],
    [
      'apps/api/src/routes/x.ts',
      "import { paymentRepository } from '../repositories/payment-repository';\nexport const x = paymentRepository;\n",
    ],
  ])('refuses an import against the flow in %s', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('no-restricted-imports');
  });

  it('allows imports that flow the right way', async () => {
    expect(
      await ruleIds(
        'apps/api/src/services/x.ts',
        "import type { Db } from '../db/database';\nimport { paymentRepository } from '../repositories/payment-repository';\nexport const x = (db: Db) => paymentRepository.byId(db, '');\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'apps/web/src/app/x.ts',
        "import { AuditScreen } from '../features/audit/audit-screen';\nexport const x = AuditScreen;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'apps/api/src/routes/x.ts',
        "import { HttpError } from '../lib/http-errors';\nexport const x = HttpError;\n",
      ),
    ).toEqual([]);
  });

  it.each([
    ['apps/web/src/features/courses/x.ts', "import { money } from '../dashboard/labels';\nexport const x = money;\n"],
    [
      'apps/web/src/features/enrollments/fees/x.tsx',
      "import { RecordHistory } from '../../audit/record-history';\nexport const x = RecordHistory;\n",
    ],
    [
      'apps/web/src/features/dashboard/x.ts',
      "export const load = () => import('../enrollments/enrollments-screen');\n",
    ],
    ['apps/web/src/features/audit/x.ts', "export { INQUIRIES_PATH } from '../inquiries/inquiry-detail-screen';\n"],
  ])('refuses an import from one web feature into another in %s', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('web-zones/no-restricted-paths');
  });

  it('lets a feature import its own folders, shared/ and the contract, and the app compose features', async () => {
    expect(
      await ruleIds(
        'apps/web/src/features/enrollments/fees/x.ts',
        [
          "import { EnrollmentStatusChip } from '../status-chip';",
          "import { formatRupees } from '../../../shared/lib/money';",
          "import { MESSAGES } from '@registrar/contract/messages';",
          'export const x = [EnrollmentStatusChip, formatRupees, MESSAGES];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'apps/web/src/app/x.ts',
        "export const load = () => Promise.all([import('../features/audit/record-history'), import('../features/inquiries/inquiry-detail-screen')]);\n",
      ),
    ).toEqual([]);
  });

  it('finds no web feature importing another today', () => {
    expect(crossFeatureImports()).toEqual([]);
  });

  it('wants kebab-case file names', async () => {
    expect(await ruleIds('apps/web/src/shared/ui/LoginForm.tsx', 'export const x = 1;\n')).toContain(
      'check-file/filename-naming-convention',
    );
    expect(await ruleIds('apps/web/src/shared/ui/login-form.tsx', 'export const x = 1;\n')).toEqual([]);
  });
});

/** The lint setup itself: imports flow one way and file names are kebab-case. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('lint rules', () => {
  it.each([
    ['apps/web/src/shared/lib/x.ts', "import { routes } from '../../app/router';\nexport const x = routes;\n"],
    [
      'apps/web/src/shared/ui/x.ts',
      "import { signedIn } from '../../features/session/session-slice';\nexport const x = signedIn;\n",
    ],
    ['apps/web/src/features/session/x.ts', "import { routes } from '../../app/router';\nexport const x = routes;\n"],
    ['apps/api/src/repositories/x.ts', "import routes from '../routes/health';\nexport const x = routes;\n"],
    ['apps/api/src/services/x.ts', "import routes from '../routes/health';\nexport const x = routes;\n"],
    ['apps/web/src/app/x.ts', "import { buildApp } from '../../../api/src/app';\nexport const x = buildApp;\n"],
  ])('refuses an import against the flow in %s', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('no-restricted-imports');
  });

  it('allows imports that flow the right way', async () => {
    expect(
      await ruleIds(
        'apps/web/src/app/x.ts',
        "import { signedIn } from '../features/session/session-slice';\nexport const x = signedIn;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'apps/api/src/routes/x.ts',
        "import { HttpError } from '../lib/http-errors';\nexport const x = HttpError;\n",
      ),
    ).toEqual([]);
  });

  it('wants kebab-case file names', async () => {
    expect(await ruleIds('apps/web/src/shared/ui/LoginForm.tsx', 'export const x = 1;\n')).toContain(
      'check-file/filename-naming-convention',
    );
    expect(await ruleIds('apps/web/src/shared/ui/login-form.tsx', 'export const x = 1;\n')).toEqual([]);
  });
});

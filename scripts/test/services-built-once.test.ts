/** Services are built once for the app (plugins/services.ts): lint refuses a route or a service that builds one. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function messages(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

const builds =
  "import { FeeService } from '../services/fee-service';\nexport const f = (a: never) => new FeeService(a, a, a);\n";

describe('services are built once', () => {
  it('refuses a route that builds a service', async () => {
    expect(await messages('apps/api/src/routes/x.ts', builds)).toContainEqual({
      ruleId: 'no-restricted-syntax',
      message: 'a route takes its services from the app (plugins/services.ts)',
    });
  });

  it('refuses a service that builds another', async () => {
    const code = builds.replace('../services/fee-service', './fee-service');
    expect(await messages('apps/api/src/services/x.ts', code)).toContainEqual({
      ruleId: 'no-restricted-syntax',
      message: 'a service is handed the services it uses (plugins/services.ts)',
    });
  });

  it('refuses a plugin that builds a worker or hands out the database handle', async () => {
    const code =
      "import { OutboxWorker } from '../services/mail/outbox-worker';\n" +
      'export const f = (app: { database: { db: never } }) => new OutboxWorker(app.database.db);\n';
    const found = await messages('apps/api/src/plugins/x.ts', code);
    expect(found).toContainEqual({
      ruleId: 'no-restricted-syntax',
      message: 'a plugin takes its services from the app (plugins/services.ts builds each once)',
    });
    expect(found).toContainEqual({
      ruleId: 'no-restricted-syntax',
      message: 'a plugin hands no database handle: plugins/services.ts builds what needs one',
    });
    expect(await messages('apps/api/src/plugins/services.ts', code)).toEqual([]);
  });

  it('lets a route take a service from the app', async () => {
    const code = 'export const f = (app: { feeService: unknown }) => app.feeService;\n';
    expect(await messages('apps/api/src/routes/x.ts', code)).toEqual([]);
  });
});

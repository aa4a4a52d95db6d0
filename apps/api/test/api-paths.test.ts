/**
 * The contract's apiPaths is the whole API: the server registers every declared path and nothing
 * else under /api (the Swagger UI under /api/docs aside), so the browser, which builds its URLs
 * from the same list, cannot call a path the server does not answer.
 */
import { describe, expect, it } from 'vitest';
import { API_PREFIX, apiPaths, apiUrl } from '@registrar/contract/api-paths';
import { build } from './build-app';

/**
 * Every path of the tree `printRoutes` draws, with its methods. A line's indent (4 characters a
 * level) says which line above it continues: `│   └── /:id (PUT)` under `├── /api/staff (GET)`.
 */
function registeredPaths(tree: string): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─ ]*)(\S.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4 - 1;
    const full = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = full;
    paths.set(full, match[3]!.split(', '));
  }
  return paths;
}

describe('API paths', async () => {
  const { app } = await build();
  const registered = registeredPaths(app.printRoutes({ commonPrefix: false }));
  const api = [...registered.keys()].filter(
    (p) => (p === API_PREFIX || p.startsWith(`${API_PREFIX}/`)) && !p.startsWith(`${API_PREFIX}/docs`),
  );

  it('registers exactly the declared paths under /api', () => {
    expect(api.length).toBeGreaterThanOrEqual(40);
    expect([...api].sort()).toEqual([...new Set(Object.values(apiPaths))].sort());
  });

  it('answers a URL built from the contract on the route it names', async () => {
    const res = await app.inject({ method: 'GET', url: apiUrl('health') });
    expect(res.statusCode).toBe(200);
    const course = await app.inject({ method: 'GET', url: apiUrl('course', 'not-a-uuid') });
    expect(course.statusCode).toBe(401);
    expect(course.json()).toMatchObject({ success: false });
  });
});

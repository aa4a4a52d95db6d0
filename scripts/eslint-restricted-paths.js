/**
 * An ESLint rule in the shape of eslint-plugin-import's `no-restricted-paths`: zones of
 * `{ target, from, except, message }` folders. A file inside `target` may not import a module that
 * resolves inside `from`, unless it lies inside one of `except` (relative to `from`). Only relative
 * specifiers are resolved (the web app imports its own code no other way); packages pass.
 */
import path from 'node:path';

const inside = (file, folder) => {
  const rel = path.relative(folder, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

export const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from one folder (zone) into another' },
    schema: [
      {
        type: 'object',
        properties: { zones: { type: 'array' }, basePath: { type: 'string' } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { zones = [], basePath = context.cwd } = context.options[0] ?? {};
    const file = context.filename;
    const active = zones.filter((zone) => inside(file, path.resolve(basePath, zone.target)));
    if (active.length === 0) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const imported = path.resolve(path.dirname(file), source.value);
      for (const zone of active) {
        const from = path.resolve(basePath, zone.from);
        if (!inside(imported, from)) continue;
        if ((zone.except ?? []).some((folder) => inside(imported, path.resolve(from, folder)))) continue;
        context.report({
          node: source,
          message: `'${source.value}' is in a restricted zone: ${zone.message ?? `${zone.target} may not import ${zone.from}`}`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

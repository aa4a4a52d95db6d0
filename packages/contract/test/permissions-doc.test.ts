import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPermissionsDoc } from '../src/permissions-doc';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES, can } from '../src/permissions';

describe('the permission matrix', () => {
  it('matches the committed docs/permissions.md (run `npm run docs:permissions` after changing it)', () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/permissions.md'), 'utf8');
    expect(committed).toBe(renderPermissionsDoc());
  });

  it('gives admin everything and keeps the desks apart', () => {
    expect(ROLE_PERMISSIONS.admin).toEqual(PERMISSIONS);
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
    expect(can('counsellor', 'fees.record')).toBe(false);
    expect(can('counsellor', 'documents.view')).toBe(true);
    expect(can('accountant', 'enrollments.status')).toBe(false);
    expect(can('accountant', 'documents.view')).toBe(false);
    expect(can('accountant', 'fees.void')).toBe(true);
    expect(ROLE_PERMISSIONS.viewer.every((p) => p.endsWith('.read'))).toBe(true);
    expect(can('viewer', 'people.contact')).toBe(false);
  });
});

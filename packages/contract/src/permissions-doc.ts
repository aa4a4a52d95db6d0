/** Renders the role → permission matrix as Markdown, for `docs/permissions.md`. */
import { PERMISSIONS, PERMISSION_DESCRIPTIONS, ROLES, ROLE_LABELS, can } from './permissions';

export function renderPermissionsDoc(): string {
  const header = `| permission | what it allows | ${ROLES.map((r) => ROLE_LABELS[r]).join(' | ')} |`;
  const rule = `|---|---|${ROLES.map(() => ':-:').join('|')}|`;
  const rows = PERMISSIONS.map(
    (p) => `| \`${p}\` | ${PERMISSION_DESCRIPTIONS[p]} | ${ROLES.map((r) => (can(r, p) ? '✓' : '—')).join(' | ')} |`,
  );
  return [
    '# Roles and permissions',
    '',
    '<!-- Generated from packages/contract/src/permissions.ts by `npm run docs:permissions`; do not edit by hand. -->',
    '',
    'Every API route declares one of these permissions (or is public, or open to any signed-in staff',
    'member: sign-out, profile, password change, notifications). A request without a valid session',
    'answers 401; a role without the permission answers 403 "You do not have permission to do this".',
    '',
    header,
    rule,
    ...rows,
    '',
  ].join('\n');
}

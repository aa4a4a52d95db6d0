/** Words and links for audit entries. */
import type { AuditEntry } from '@registrar/contract/dashboard';
import { formatDateTime } from '../../shared/lib/format-date';
import { ENROLLMENTS_PATH } from '../../shared/lib/paths';
import { INQUIRIES_PATH } from '../../shared/lib/paths';

export const ENTITY_LABELS: Record<string, string> = {
  auth: 'Sign-in and account',
  course: 'Course',
  enrollment: 'Enrolment',
  inquiry: 'Inquiry',
  payment: 'Payment',
  announcement: 'Announcement',
  terms: 'Terms',
  profile: 'Profile',
  document: 'Document',
  staff: 'Staff account',
};

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  status_change: 'Status changed',
  sign_in: 'Signed in',
  sign_out: 'Signed out',
  sign_in_failed: 'Sign-in failed',
  view: 'Viewed',
  void: 'Voided',
  payment: 'Payment recorded',
  payment_reminder: 'Payment reminder sent',
  resend: 'Sent again',
  invite: 'Invited',
  invite_resend: 'Invitation sent again',
  invite_revoke: 'Invitation revoked',
  role_change: 'Role changed',
  disable: 'Disabled',
  enable: 'Enabled',
  rename: 'Renamed',
};

export const entityLabel = (entity: string) => ENTITY_LABELS[entity] ?? entity;

/** 'status_change' → 'Status changed'; an action without a word of its own is spelled out. */
export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

export const actorLabel = (entry: Pick<AuditEntry, 'actor'>) => entry.actor.email ?? 'Unknown';

/** The record's own page, where the console has one. */
export function recordLink(entry: Pick<AuditEntry, 'entity' | 'entityId' | 'action'>): string | undefined {
  if (!entry.entityId || entry.action === 'delete') return undefined;
  if (entry.entity === 'enrollment') return `${ENROLLMENTS_PATH}/${encodeURIComponent(entry.entityId)}`;
  if (entry.entity === 'inquiry') return `${INQUIRIES_PATH}/${encodeURIComponent(entry.entityId)}`;
  return undefined;
}

/** To the second: entries of one request follow each other closely. */
export const formatWhen = (iso: string) => formatDateTime(iso, { time: 'medium' });

/** The action, and whether the server refused it ('Updated · refused (422)'). */
export const outcomeLabel = (entry: Pick<AuditEntry, 'action' | 'statusCode'>) =>
  entry.statusCode >= 400 && entry.action !== 'sign_in_failed'
    ? `${actionLabel(entry.action)} · refused (${entry.statusCode})`
    : actionLabel(entry.action);

const valueLabel = (value: string | boolean | null) => (value === null ? '—' : String(value));

/** The changed fields, with before → after where the entry records them ('role: viewer → admin'). */
export function fieldsLabel(fields: readonly string[], changes?: AuditEntry['changes']): string {
  if (changes && Object.keys(changes).length)
    return Object.entries(changes)
      .map(([field, { from, to }]) => `${field}: ${valueLabel(from)} → ${valueLabel(to)}`)
      .join(', ');
  return fields.length ? fields.join(', ') : '—';
}

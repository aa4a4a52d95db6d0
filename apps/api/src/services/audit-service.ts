/** The audit trail: one entry a staff write, sign-in or view of personal data, and its pages. */
import type { AuditEntry, auditQuerySchema } from '@registrar/contract/dashboard';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { toPage } from '../lib/page';
import { auditRepository, type NewAuditEntry } from '../repositories/audit-repository';

export class AuditService {
  constructor(private readonly db: Db) {}

  /** Writes one entry. */
  async record(entry: NewAuditEntry): Promise<void> {
    await auditRepository.insert(this.db, entry);
  }

  /** One page of the audit trail, newest first. */
  async page(q: z.output<typeof auditQuerySchema>) {
    const { items, total } = await auditRepository.page(this.db, q);
    return toPage(
      items.map((r): AuditEntry => ({
        _id: r.id,
        at: r.at.toISOString(),
        actor: { _id: r.staffId, email: r.actorEmail },
        action: r.action,
        entity: r.entity,
        entityId: r.entityId,
        ip: r.ip,
        statusCode: r.statusCode,
        fields: r.fields,
        changes: r.changes ?? null,
      })),
      total,
      q,
    );
  }
}

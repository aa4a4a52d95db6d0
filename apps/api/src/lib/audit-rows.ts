/**
 * One audit entry per row a bulk action did, as the single action's route would have written it
 * (the audit plugin writes one entry per request, which would hide which rows were touched).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditChanges } from '@registrar/contract/dashboard';

export async function auditRows(
  app: FastifyInstance,
  request: FastifyRequest,
  entry: { action: string; entity: string; fields: string[] },
  rows: { id: string; changes?: AuditChanges | null }[],
): Promise<void> {
  const staff = request.staffAuth!.staff;
  for (const row of rows)
    await app.auditService.record({
      staffId: staff.id,
      actorEmail: staff.email,
      ...entry,
      entityId: row.id,
      ip: request.ip,
      statusCode: 200,
      changes: row.changes ?? null,
    });
}

/**
 * The audit trail: `GET /api/audit?page&limit&search&entity&entityId`, newest
 * first. Every staff write, sign-in and document view, with who, when, from where and which fields.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import type { AuditEntry } from '@registrar/contract/dashboard';
import type { Page, SuccessEnvelope } from '@registrar/contract/envelope';
import { baseApi } from '../../../shared/api/base-api';

export interface AuditListArgs {
  page: number;
  limit: number;
  search?: string;
  entity?: string;
  entityId?: string;
}

export function auditQuery(args: AuditListArgs): string {
  const params = new URLSearchParams({ page: String(args.page), limit: String(args.limit) });
  if (args.search) params.set('search', args.search);
  if (args.entity) params.set('entity', args.entity);
  if (args.entityId) params.set('entityId', args.entityId);
  return `${apiPaths.audit}?${params.toString()}`;
}

export const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<Page<AuditEntry>, AuditListArgs>({
      query: auditQuery,
      transformResponse: (envelope: SuccessEnvelope<Page<AuditEntry>>) => envelope.data,
      // The trail grows with every write anywhere: never show an old copy when a screen opens.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditQuery } = auditApi;

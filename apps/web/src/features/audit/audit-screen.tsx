/**
 * The Audit screen (route '/audit'): the shared list over `GET /api/audit`, with
 * search (who, action, IP) and a filter by kind of record. `?entityId=…` in the address narrows it
 * to one record's history (the detail pages' History links here).
 */
import { useCallback } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { AUDIT_ENTITIES, type AuditEntry } from '@registrar/contract/dashboard';
import { ResourceList, type ResourceColumn } from '../../shared/ui/resource-list/resource-list';
import { optionsOf, selectFilter } from '../../shared/ui/resource-list/select-filter';
import type { ListResource } from '../../shared/ui/resource-list/list-types';
import { useGetAuditQuery, type AuditListArgs } from './api/audit-api';
import { actorLabel, entityLabel, fieldsLabel, formatWhen, outcomeLabel, recordLink } from './labels';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ENTITY_FILTER = selectFilter('entity', 'Record', 'All records', optionsOf(AUDIT_ENTITIES, entityLabel));
const FILTERS = [ENTITY_FILTER] as const;

export const shortId = (id: string) => (id.length > 8 ? `${id.slice(0, 8)}…` : id);

function RecordCell({ entry }: { entry: AuditEntry }) {
  if (!entry.entityId) return <>—</>;
  const to = recordLink(entry);
  return to ? (
    <Link component={RouterLink} to={to} title={entry.entityId}>
      {`Open ${entityLabel(entry.entity).toLowerCase()} ${shortId(entry.entityId)}`}
    </Link>
  ) : (
    <span title={entry.entityId}>{shortId(entry.entityId)}</span>
  );
}

const COLUMNS: readonly ResourceColumn<AuditEntry>[] = [
  {
    field: 'at',
    headerName: 'When',
    minWidth: 190,
    flex: 1,
    renderCell: ({ row }) => <time dateTime={row.at}>{formatWhen(row.at)}</time>,
  },
  { field: 'actor', headerName: 'Who', minWidth: 200, flex: 1.2, valueGetter: (_value, row) => actorLabel(row) },
  {
    field: 'action',
    headerName: 'Action',
    minWidth: 150,
    flex: 1,
    valueGetter: (_value, row) => outcomeLabel(row),
  },
  {
    field: 'entity',
    headerName: 'Entity',
    minWidth: 140,
    flex: 0.8,
    valueGetter: (_value, row) => entityLabel(row.entity),
  },
  {
    field: 'entityId',
    headerName: 'Record',
    minWidth: 190,
    flex: 1,
    renderCell: ({ row }) => <RecordCell entry={row} />,
  },
  { field: 'ip', headerName: 'IP', minWidth: 130, hideBelow: 'md', valueGetter: (_value, row) => row.ip ?? '—' },
  {
    field: 'fields',
    headerName: 'Fields',
    minWidth: 200,
    flex: 1.5,
    hideBelow: 'sm',
    valueGetter: (_value, row) => fieldsLabel(row.fields, row.changes),
  },
];

/** `?entityId=` (one record's history), when it is a record id. */
function useEntityId() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('entityId');
  const entityId = raw && UUID.test(raw) ? raw : undefined;
  const clear = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('entityId');
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  return { entityId, clear };
}

function useAuditQuery(args: AuditListArgs) {
  const { entityId } = useEntityId();
  return useGetAuditQuery({ ...args, ...(entityId ? { entityId } : {}) });
}

const AUDIT_TRAIL: ListResource<AuditEntry, AuditListArgs> = {
  noun: { one: 'audit entry', other: 'audit entries' },
  useQuery: useAuditQuery,
  searchLabel: 'Search the audit trail',
  searchHint: 'Email, action or IP address',
};

export function AuditScreen() {
  const { entityId, clear } = useEntityId();
  return (
    <ResourceList<AuditEntry, AuditListArgs>
      title="Audit"
      description={
        entityId ? (
          <>
            The history of one record <code title={entityId}>{shortId(entityId)}</code>{' '}
            <Button size="small" onClick={clear}>
              Show every record
            </Button>
          </>
        ) : (
          'Every change by staff, every login and every document viewed: who, when, from where.'
        )
      }
      resource={AUDIT_TRAIL}
      columns={COLUMNS}
      filters={FILTERS}
      empty={{ title: 'Nothing recorded yet', description: 'Staff actions appear here as they happen.' }}
      autoRowHeight
    />
  );
}

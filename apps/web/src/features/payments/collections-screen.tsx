/**
 * Collections (route '/collections'): overdue dues by age and by course, each figure a link that
 * narrows the overdue list below it (`?bucket=`, `?courseId=`); tick students and send reminders
 * in one go (each one not sent says why), or export the list to call from; below, the credits to refund.
 */
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import {
  AGE_BUCKETS,
  AGE_BUCKET_LABELS,
  type AgeBucket,
  type BulkAlertResult,
  type OverdueLine,
} from '@registrar/contract/collections';
import { useGetSiteQuery } from '../../shared/api/site-api';
import { formatRupees } from '../../shared/lib/money';
import { formatDate } from '../../shared/lib/format-date';
import { ENROLLMENTS_PATH } from '../../shared/lib/paths';
import { usePermissions } from '../../shared/session/permissions';
import { FiltersFold } from '../../shared/ui/resource-list/filters-fold';
import { ScrollableTable } from '../../shared/ui/scrollable-table';
import { overdueCsvHref, useGetCollectionsQuery, useSendBulkAlertMutation } from './api/payments-api';
import { CreditsToRefund } from './credits-to-refund';
import { QueryState } from './query-state';
import { ContactActions } from './contact-actions';
import { ReminderOutcome, ReminderPreviewDialog } from '../../shared/ui/reminder-preview';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** Shown from `sm` up, and only below it. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
const narrow = { display: { xs: 'block', sm: 'none' } } as const;
const since = (l: OverdueLine) => `${formatDate(l.oldestDueDate)} (${l.daysOverdue} days)`;

function useFilter() {
  const [params] = useSearchParams();
  const raw = params.get('bucket');
  const bucket = (AGE_BUCKETS as readonly string[]).includes(raw ?? '') ? (raw as AgeBucket) : undefined;
  const courseId = params.get('courseId') ?? undefined;
  return { bucket, courseId };
}

export function CollectionsScreen() {
  const filter = useFilter();
  const query = useGetCollectionsQuery(filter);
  const allowed = usePermissions();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [send, sending] = useSendBulkAlertMutation();
  const [preview, setPreview] = useState<BulkAlertResult | null>(null);
  const [result, setResult] = useState<BulkAlertResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { data: site } = useGetSiteQuery();
  const data = query.data;
  const lines = data?.overdue ?? [];
  const names = new Map(lines.map((l) => [l.enrollmentId, `${l.name} (${l.enrollmentNumber})`]));
  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  /** Asks the server what would go (nothing is sent), and shows it to confirm. */
  const review = async () => {
    setFailure(null);
    setResult(null);
    try {
      setPreview(await send({ enrollmentIds: [...chosen], dryRun: true }).unwrap());
    } catch (err) {
      setFailure((err as { message?: string }).message || 'The reminders could not be prepared.');
    }
  };
  const remind = async (enrollmentIds: string[], again: boolean) => {
    setFailure(null);
    try {
      setResult(await send({ enrollmentIds, again }).unwrap());
      setPreview(null);
      setChosen(new Set());
    } catch (err) {
      setFailure((err as { message?: string }).message || 'The reminders could not be sent.');
    }
  };
  const narrowed = filter.bucket
    ? `overdue ${AGE_BUCKET_LABELS[filter.bucket]}`
    : filter.courseId
      ? `overdue in ${data?.byCourse.find((c) => c.courseId === filter.courseId)?.name ?? 'this course'}`
      : 'overdue';

  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        Collections
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Installments past their due date, by how long they are overdue and by course. Choose a figure to see the
        students behind it.
      </Typography>
      <QueryState {...query} what="collections">
        {data && (
          <Stack spacing={3}>
            {/* The age groups stay in sight on a phone: they are the first thing an accountant reads. */}
            <Box
              component="nav"
              aria-label="Overdue by age"
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
            >
              {data.byAge.map((b) => (
                <Paper key={b.bucket} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
                  <Link
                    component={RouterLink}
                    to={`?bucket=${b.bucket}`}
                    aria-current={filter.bucket === b.bucket ? 'true' : undefined}
                  >
                    {AGE_BUCKET_LABELS[b.bucket]}
                  </Link>
                  <Typography variant="h6" component="p" sx={money}>
                    {formatRupees(b.amount)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {b.enrollments} {b.enrollments === 1 ? 'student' : 'students'}
                  </Typography>
                </Paper>
              ))}
            </Box>
            <FiltersFold active={Number(Boolean(filter.courseId))}>
              <ScrollableTable label="Overdue by course">
                <TableHead>
                  <TableRow>
                    <TableCell>Course</TableCell>
                    <TableCell align="right">Overdue</TableCell>
                    <TableCell align="right">Students</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.byCourse.map((c) => (
                    <TableRow key={c.courseId}>
                      <TableCell>
                        <Link component={RouterLink} to={`?courseId=${c.courseId}`}>
                          {c.name}
                        </Link>
                      </TableCell>
                      <TableCell align="right" sx={money}>
                        {formatRupees(c.amount)}
                      </TableCell>
                      <TableCell align="right">{c.enrollments}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </ScrollableTable>
            </FiltersFold>

            <Box component="section" aria-labelledby="overdue-title">
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
                <Typography id="overdue-title" component="h2" variant="h6" sx={{ flexGrow: 1 }}>
                  Students {narrowed} ({lines.length})
                </Typography>
                {(filter.bucket || filter.courseId) && (
                  <Button component={RouterLink} to="?">
                    Show all
                  </Button>
                )}
                {allowed('fees.remind') && (
                  <Button
                    variant="contained"
                    disabled={chosen.size === 0}
                    loading={sending.isLoading}
                    onClick={() => void review()}
                  >
                    Send reminders ({chosen.size})
                  </Button>
                )}
                {allowed('fees.export') && (
                  <Button
                    variant="outlined"
                    startIcon={<FileDownloadOutlinedIcon />}
                    href={overdueCsvHref(filter)}
                    download
                  >
                    Export list
                  </Button>
                )}
              </Stack>
              {result && (
                <ReminderOutcome
                  result={result}
                  names={names}
                  busy={sending.isLoading}
                  onSendAgain={(ids) => void remind(ids, true)}
                />
              )}
              {failure && !preview && <Alert severity="error">{failure}</Alert>}
              <ReminderPreviewDialog
                preview={preview}
                names={names}
                busy={sending.isLoading}
                error={preview ? failure : null}
                onConfirm={(again) =>
                  void remind(
                    [...(preview?.reminders ?? []), ...(preview?.skipped ?? [])].map((r) => r.enrollmentId),
                    again,
                  )
                }
                onClose={() => setPreview(null)}
              />
              {lines.length === 0 ? (
                <Typography color="text.secondary">Nobody is overdue here.</Typography>
              ) : (
                // On a phone the cells pad less and "Since" moves under the name, so no column is cut off.
                <Box sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}>
                  <ScrollableTable label="Overdue students" labelledBy="overdue-title">
                    <TableHead>
                      <TableRow>
                        {allowed('fees.remind') && (
                          <TableCell padding="checkbox">
                            <Checkbox
                              checked={chosen.size === lines.length}
                              indeterminate={chosen.size > 0 && chosen.size < lines.length}
                              onChange={(event) =>
                                setChosen(event.target.checked ? new Set(lines.map((l) => l.enrollmentId)) : new Set())
                              }
                              slotProps={{ input: { 'aria-label': 'Choose every student' } }}
                            />
                          </TableCell>
                        )}
                        <TableCell>Student</TableCell>
                        <TableCell align="right">Overdue</TableCell>
                        <TableCell sx={wide}>Since</TableCell>
                        <TableCell>Contact</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {lines.map((l) => (
                        <TableRow key={l.enrollmentId}>
                          {allowed('fees.remind') && (
                            <TableCell padding="checkbox">
                              <Checkbox
                                checked={chosen.has(l.enrollmentId)}
                                onChange={() => toggle(l.enrollmentId)}
                                slotProps={{ input: { 'aria-label': `Choose ${l.name}` } }}
                              />
                            </TableCell>
                          )}
                          <TableCell>
                            <Link component={RouterLink} to={`${ENROLLMENTS_PATH}/${l.enrollmentId}`}>
                              {l.name}
                            </Link>{' '}
                            <Typography component="span" variant="body2" color="text.secondary">
                              {l.enrollmentNumber} · {l.course}
                            </Typography>
                            <Typography variant="body2" color="text.secondary" sx={narrow}>
                              Since {since(l)}
                            </Typography>
                          </TableCell>
                          <TableCell align="right" sx={money}>
                            {formatRupees(l.overdue)}
                          </TableCell>
                          <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{since(l)}</TableCell>
                          <TableCell>
                            <ContactActions line={l} instituteName={site?.instituteName ?? ''} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </ScrollableTable>
                </Box>
              )}
            </Box>
            <CreditsToRefund credits={data.credits} />
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}

/**
 * The day book (route '/cash-book?date=YYYY-MM-DD'): cash in hand at the start of the day (the day
 * before's closing), the day's receipts, refunds and reversals one by one, deposits and handovers,
 * the day closed on the cash counted, and the cheques received, cleared and bounced; printable.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import type { CashBook, CashEntryKind } from '@registrar/contract/day-book';
import { localIsoDate } from '@registrar/contract/enrollment';
import { formatRupees } from '../../shared/lib/money';
import { formatDate, formatDateTime } from '../../shared/lib/format-date';
import { useCan } from '../../shared/session/permissions';
import { ISO_DATE } from '../../shared/ui/resource-list/date-range-filter';
import { useGetCashBookQuery } from './api/payments-api';
import { CashEntryDialog, CloseDayDialog } from './cash-book-dialogs';
import { DayEntries, DayLines, money } from './cash-book-lines';
import { QueryState } from './query-state';

const noPrint = { '@media print': { display: 'none' } } as const;

function Cheques({ title, list }: { title: string; list: CashBook['chequesReceived'] }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title} ({list.length})
      </Typography>
      {list.length === 0 ? (
        <Typography color="text.secondary">None.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {list.map((c) => (
            <li key={c.paymentId}>
              {c.receiptNumber} · cheque {c.chequeNumber ?? '—'} {c.bankName ? `(${c.bankName})` : ''} ·{' '}
              <Box component="span" sx={money}>
                {formatRupees(c.amount)}
              </Box>{' '}
              · {c.name} ({c.enrollmentNumber})
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Cash in hand through the day, one figure a line: fits a phone and a printed page alike. */
function Summary({ book }: { book: CashBook }) {
  const rows: [string, number, boolean?][] = [
    ['Opening cash in hand', book.opening],
    ['Cash received', book.cashIn],
    ['Cash refunded or reversed', -book.cashOut],
    ['Deposited or handed over', -book.moved],
    ['Expected in the drawer', book.expected, true],
    ...(book.closed
      ? ([
          ['Cash counted', book.closed.counted],
          ['Difference', book.closed.difference],
        ] as [string, number][])
      : []),
    ['Closing cash in hand', book.closing, true],
  ];
  return (
    <Box
      component="dl"
      aria-label="Cash in hand"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.5 }}
    >
      {rows.map(([label, value, strong]) => (
        <Box key={label} sx={{ display: 'contents', fontWeight: strong ? 600 : undefined }}>
          <Box component="dt">{label}</Box>
          <Box component="dd" sx={{ ...money, m: 0, textAlign: 'right' }}>
            {formatRupees(value)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function CashBookScreen() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('date');
  const date = raw && ISO_DATE.test(raw) ? raw : localIsoDate();
  const query = useGetCashBookQuery(date);
  const book = query.data;
  const mayRecord = useCan('cash-book.record');
  const mayBackDate = useCan('cash-book.back-date');
  const [dialog, setDialog] = useState<{ kind: CashEntryKind } | 'close' | null>(null);
  const done = () => {
    setDialog(null);
    void query.refetch();
  };
  const takesEntries = book && mayRecord && (!book.closed || mayBackDate);
  return (
    <Box sx={{ maxWidth: 900, minWidth: 0 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }}>
          Cash book for {formatDate(date)}
        </Typography>
        <TextField
          type="date"
          size="small"
          label="Day"
          value={date}
          onChange={(event) => event.target.value && setParams({ date: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localIsoDate() } }}
          sx={noPrint}
        />
        <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()} sx={noPrint}>
          Print
        </Button>
      </Stack>
      <QueryState {...query} what="the cash book">
        {book && (
          <Stack spacing={3}>
            {!book.openingBalance && (
              <Alert
                severity="info"
                action={
                  mayRecord && (
                    <Button color="inherit" size="small" onClick={() => setDialog({ kind: 'opening' })}>
                      Enter opening balance
                    </Button>
                  )
                }
                sx={noPrint}
              >
                No opening cash balance yet: enter the cash in the drawer on the first day you keep this book.
              </Alert>
            )}
            <Summary book={book} />
            {book.closed && (
              <Typography variant="body2">
                Closed by {book.closed.closedBy ?? 'a former staff member'} on {formatDateTime(book.closed.closedAt)}
                {book.closed.reason ? `: ${book.closed.reason}` : ''}.
              </Typography>
            )}
            {mayRecord && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', ...noPrint }}>
                {takesEntries && (
                  <Button variant="outlined" onClick={() => setDialog({ kind: 'deposit' })}>
                    Deposit or handover
                  </Button>
                )}
                {!book.closed && (
                  <Button variant="contained" onClick={() => setDialog('close')}>
                    Close the day
                  </Button>
                )}
              </Stack>
            )}
            <DayLines book={book} />
            <DayEntries book={book} />
            <Typography variant="body2" color="text.secondary">
              Cash in hand counts cash only: cheques, UPI and transfers are listed but go to the bank. Imported history
              is listed and never counted. A bounced cheque or a voided payment is reversed on the day it happened; the
              day it came in stays as it was.
            </Typography>
            <Cheques title="Cheques received" list={book.chequesReceived} />
            <Cheques title="Cheques cleared" list={book.chequesCleared} />
            <Cheques title="Cheques bounced" list={book.chequesBounced} />
          </Stack>
        )}
      </QueryState>
      {book && dialog === 'close' && <CloseDayDialog book={book} onClose={done} />}
      {book && dialog && dialog !== 'close' && (
        <CashEntryDialog date={date} kind={dialog.kind} closed={Boolean(book.closed)} onClose={done} />
      )}
    </Box>
  );
}

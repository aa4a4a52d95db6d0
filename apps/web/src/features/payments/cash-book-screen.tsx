/**
 * The cash book (route '/cash-book?date=YYYY-MM-DD'): one day's opening figure, receipts and
 * refunds by mode, cheques received, cleared and bounced, and the closing figure; printable.
 */
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import type { CashBook } from '@registrar/contract/collections';
import { PAYMENT_MODE_NAMES } from '@registrar/contract/constants';
import { localIsoDate } from '@registrar/contract/enrollment';
import { formatRupees } from '../../shared/lib/money';
import { formatDate } from '../../shared/lib/format-date';
import { ISO_DATE } from '../../shared/ui/resource-list/date-range-filter';
import { ScrollableTable } from '../../shared/ui/scrollable-table';
import { useGetCashBookQuery } from './api/payments-api';
import { QueryState } from './query-state';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

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

export function CashBookScreen() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('date');
  const date = raw && ISO_DATE.test(raw) ? raw : localIsoDate();
  const query = useGetCashBookQuery(date);
  const book = query.data;
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
          sx={{ '@media print': { display: 'none' } }}
        />
        <Button
          variant="outlined"
          startIcon={<PrintOutlinedIcon />}
          onClick={() => window.print()}
          sx={{ '@media print': { display: 'none' } }}
        >
          Print
        </Button>
      </Stack>
      <QueryState {...query} what="the cash book">
        {book && (
          <Stack spacing={3}>
            <ScrollableTable label="By mode">
              <TableHead>
                <TableRow>
                  <TableCell>Mode</TableCell>
                  <TableCell align="right">Opening</TableCell>
                  <TableCell align="right">Receipts</TableCell>
                  <TableCell align="right">Refunds</TableCell>
                  <TableCell align="right">Closing</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {book.byMode.map((m) => (
                  <TableRow key={m.mode}>
                    <TableCell>{PAYMENT_MODE_NAMES[m.mode]}</TableCell>
                    {[m.opening, m.receipts, m.refunds, m.closing].map((v, i) => (
                      <TableCell key={i} align="right" sx={money}>
                        {formatRupees(v)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600, color: 'text.primary' }}>
                    Total
                  </TableCell>
                  {[book.opening, book.receipts, book.refunds, book.closing].map((v, i) => (
                    <TableCell key={i} align="right" sx={{ ...money, fontWeight: 600, color: 'text.primary' }}>
                      {formatRupees(v)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableFooter>
            </ScrollableTable>
            <Typography variant="body2" color="text.secondary">
              Opening is everything collected before this day less refunds (voided payments left out); closing adds the
              day&apos;s receipts and takes away its refunds.
            </Typography>
            <Cheques title="Cheques received" list={book.chequesReceived} />
            <Cheques title="Cheques cleared" list={book.chequesCleared} />
            <Cheques title="Cheques bounced" list={book.chequesBounced} />
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}

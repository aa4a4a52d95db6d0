/**
 * Payments in (route '/payments-in'): money that reached the institute's account by UPI or bank
 * transfer — students' reports of it and the bank statements that prove it — recorded once each.
 * On a phone the two lists are tabs (the open one in the URL, `?tab=statements`), so each list's
 * first row shows on the first screen; wider screens show both, one above the other.
 */
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useGetPaymentClaimsQuery } from './api/payments-in-api';
import { ClaimsPanel } from './claims-panel';
import { StatementsPanel } from './statements-panel';

type PaymentsInTab = 'claims' | 'statements';

function PhoneTabs() {
  const [params, setParams] = useSearchParams();
  const tab: PaymentsInTab = params.get('tab') === 'statements' ? 'statements' : 'claims';
  const { data: claims } = useGetPaymentClaimsQuery();
  const choose = (next: PaymentsInTab) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next === 'claims') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, value: PaymentsInTab) => choose(value)}
        aria-label="Payments in"
        variant="fullWidth"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          label={claims?.length ? `Claims (${claims.length})` : 'Claims'}
          value="claims"
          id="payments-in-tab-claims"
          aria-controls="payments-in-panel"
        />
        <Tab
          label="Bank statements"
          value="statements"
          id="payments-in-tab-statements"
          aria-controls="payments-in-panel"
        />
      </Tabs>
      <div role="tabpanel" id="payments-in-panel" aria-labelledby={`payments-in-tab-${tab}`}>
        {tab === 'claims' ? <ClaimsPanel /> : <StatementsPanel />}
      </div>
    </>
  );
}

export function PaymentsInScreen() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        Payments in
      </Typography>
      {/* On a phone the tabs come first: each list's own note says what it holds. */}
      <Typography color="text.secondary" sx={{ mb: 2, display: { xs: 'none', md: 'block' } }}>
        Import the bank statement: lines whose UTR a student reported are recorded at once; lines naming an enrolment
        with an amount it owes are ready to record; the rest come with suggestions. A UTR is never recorded twice.
      </Typography>
      {phone ? (
        <PhoneTabs />
      ) : (
        <>
          <ClaimsPanel />
          <StatementsPanel />
        </>
      )}
    </Box>
  );
}

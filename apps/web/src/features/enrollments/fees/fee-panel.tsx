/**
 * The fees of one enrolment, for its detail page: the totals and payment state, the money actions
 * the role allows (record a payment, give a concession, remind, send a new link, download the
 * statement in a chosen language), the schedule, the payment history (its receipts in a chosen
 * language) and the refunds and concessions; the dialogs each action opens are kept here.
 *
 *   <FeePanel enrollment={detail} />
 */
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined';
import type { ChequeOutcome } from '@registrar/contract/cheques';
import type { EnrollmentDetail, Installment } from '@registrar/contract/enrollment-admin';
import type { Payment } from '@registrar/contract/fees';
import type { Language } from '@registrar/contract/language';
import { usePermissions } from '../../../shared/session/permissions';
import { AdjustmentsList } from './adjustments-list';
import { ChequeOutcomeDialog } from './cheque-outcome-dialog';
import { DocumentLanguageField } from './document-language-field';
import { EditInstallmentDialog } from './edit-installment-dialog';
import { isOpen } from './fee-format';
import { FeeSchedule } from './fee-schedule';
import { FeeTotals } from './fee-totals';
import { GatewayRefundList } from './gateway-refund-list';
import { ConcessionDialog, RefundDialog } from './money-dialogs';
import { PaymentHistory } from './payment-history';
import { PaymentReminderButton } from './payment-reminder-button';
import { PaymentStateChip } from './payment-state';
import { RecordPaymentDialog } from './record-payment-dialog';
import { StatementDownload } from './statement-download';
import { StudentLinkButton } from './student-link-button';
import { VoidPaymentDialog } from './void-payment-dialog';
import { MessageHistory } from './message-history';

/** Payments cannot be recorded on these (the server answers 409). */
const CLOSED = new Set(['rejected', 'cancelled']);

export function FeePanel({ enrollment }: { enrollment: EnrollmentDetail }) {
  const ids = {
    title: useId(),
    schedule: useId(),
    payments: useId(),
    adjustments: useId(),
    gateway: useId(),
    messages: useId(),
  };
  const e = enrollment;
  const installments = [...e.installments].sort((a, b) => a.number - b.number);
  const payments = e.payments;
  const closed = CLOSED.has(e.status);
  const owing = installments.some(isOpen);
  const [paying, setPaying] = useState<{ key: number; open: boolean; installmentId?: string | undefined }>({
    key: 0,
    open: false,
  });
  const [editing, setEditing] = useState<{ key: number; installment: Installment | null }>({
    key: 0,
    installment: null,
  });
  const [voiding, setVoiding] = useState<Payment | null>(null);
  const { refunds, concessions } = e;
  const [refunding, setRefunding] = useState<{ key: number; payment: Payment | null }>({ key: 0, payment: null });
  const [conceding, setConceding] = useState<{ key: number; open: boolean }>({ key: 0, open: false });
  const [settling, setSettling] = useState<{ key: number; payment: Payment | null; state: ChequeOutcome }>({
    key: 0,
    payment: null,
    state: 'cleared',
  });

  const [receiptLanguage, setReceiptLanguage] = useState<Language>(e.language);
  const allowed = usePermissions();
  const pay = (installmentId?: string) => setPaying((s) => ({ key: s.key + 1, open: true, installmentId }));

  return (
    <Paper component="section" variant="outlined" aria-labelledby={ids.title} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center' }}>
          <Typography id={ids.title} component="h2" variant="h6">
            Fees
          </Typography>
          <PaymentStateChip state={e.paymentState} />
        </Stack>
      </Stack>

      <Stack spacing={3}>
        <FeeTotals enrollment={e} />

        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {allowed('fees.collect') && (
            <Button
              variant="contained"
              startIcon={<AddCardOutlinedIcon />}
              onClick={() => pay()}
              disabled={closed || !owing}
            >
              Record payment
            </Button>
          )}
          {allowed('fees.concession') && (
            <Button
              variant="outlined"
              onClick={() => setConceding((s) => ({ key: s.key + 1, open: true }))}
              disabled={closed || e.outstanding <= 0}
            >
              Give concession
            </Button>
          )}
          {allowed('fees.remind') && <PaymentReminderButton enrollmentId={e._id} nothingOwed={e.outstanding <= 0} />}
          {allowed('announcements.send') && !e.erasedAt && <StudentLinkButton enrollmentId={e._id} />}
          {allowed('fees.statement') && <StatementDownload enrollmentId={e._id} language={e.language} />}
        </Stack>
        {closed && (
          <Alert severity="info">This enrolment is {e.status}: payments can no longer be recorded against it.</Alert>
        )}

        <Box component="section" aria-labelledby={ids.schedule}>
          <Typography id={ids.schedule} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Schedule
          </Typography>
          <FeeSchedule
            enrollment={e}
            installments={installments}
            labelledBy={ids.schedule}
            closed={closed}
            onPay={(installment) => pay(installment._id)}
            onEdit={(installment) => setEditing((s) => ({ key: s.key + 1, installment }))}
          />
        </Box>

        <Box component="section" aria-labelledby={ids.payments}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}
          >
            <Typography id={ids.payments} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Payments
            </Typography>
            {/* The receipts beside each payment and the refund vouchers download and print in this language. */}
            {allowed('fees.statement') && payments.length > 0 && (
              <DocumentLanguageField label="Receipt language" value={receiptLanguage} onChange={setReceiptLanguage} />
            )}
          </Stack>
          <PaymentHistory
            enrollmentId={e._id}
            payments={payments}
            shareable={!e.erasedAt}
            receiptLanguage={receiptLanguage}
            onVoid={setVoiding}
            onRefund={(payment) => setRefunding((s) => ({ key: s.key + 1, payment }))}
            onCheque={(payment, state) => setSettling((s) => ({ key: s.key + 1, payment, state }))}
          />
        </Box>

        {e.refundRequests && e.refundRequests.length > 0 && (
          <Box component="section" aria-labelledby={ids.gateway}>
            <Typography id={ids.gateway} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              Refunds at the gateway
            </Typography>
            <GatewayRefundList requests={e.refundRequests} />
          </Box>
        )}

        {(refunds.length > 0 || concessions.length > 0) && (
          <Box component="section" aria-labelledby={ids.adjustments}>
            <Typography id={ids.adjustments} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              Refunds and concessions
            </Typography>
            <AdjustmentsList refunds={refunds} concessions={concessions} documentLanguage={receiptLanguage} />
          </Box>
        )}

        <Box component="section" aria-labelledby={ids.messages}>
          <Typography id={ids.messages} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Messages to the student
          </Typography>
          <MessageHistory enrollmentId={e._id} />
        </Box>
      </Stack>

      <RecordPaymentDialog
        key={`pay-${paying.key}`}
        open={paying.open}
        enrollmentId={e._id}
        installments={installments}
        installmentId={paying.installmentId}
        onClose={() => setPaying((s) => ({ ...s, open: false }))}
      />
      {editing.installment && (
        <EditInstallmentDialog
          key={`edit-${editing.key}`}
          open
          enrollmentId={e._id}
          installment={editing.installment}
          onClose={() => setEditing((s) => ({ ...s, installment: null }))}
        />
      )}
      <VoidPaymentDialog enrollmentId={e._id} payment={voiding} onClose={() => setVoiding(null)} />
      {refunding.payment && (
        <RefundDialog
          key={`refund-${refunding.key}`}
          open
          enrollmentId={e._id}
          payment={refunding.payment}
          onClose={() => setRefunding((s) => ({ ...s, payment: null }))}
        />
      )}
      {settling.payment && (
        <ChequeOutcomeDialog
          key={`cheque-${settling.key}`}
          enrollmentId={e._id}
          payment={settling.payment}
          state={settling.state}
          onClose={() => setSettling((s) => ({ ...s, payment: null }))}
        />
      )}
      {conceding.open && (
        <ConcessionDialog
          key={`concession-${conceding.key}`}
          open
          enrollmentId={e._id}
          outstanding={e.outstanding}
          onClose={() => setConceding((s) => ({ ...s, open: false }))}
        />
      )}
    </Paper>
  );
}

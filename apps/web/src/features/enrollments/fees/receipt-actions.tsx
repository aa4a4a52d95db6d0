/**
 * A receipt's documents beside its payment: download it, print it (the PDF opens in a tab of its
 * own, where the browser prints it) and send it on WhatsApp to the student's phone with a link the
 * student opens without signing in (through a fresh link to their page, never a staff address).
 */
import Button from '@mui/material/Button';
import type { Payment } from '@registrar/contract/fees';
import type { Language } from '@registrar/contract/language';
import { WhatsAppButton } from '../../../shared/ui/whatsapp-button';
import { receiptHref, useShareReceiptMutation } from './api/fees-api';

function WhatsAppReceipt({ enrollmentId, payment: p }: { enrollmentId: string; payment: Payment }) {
  const [share, { isLoading, isError }] = useShareReceiptMutation();
  return (
    <WhatsAppButton
      link={() => share({ enrollmentId, paymentId: p._id }).unwrap()}
      busy={isLoading}
      failed={isError}
      label={`Send receipt ${p.receiptNumber} on WhatsApp`}
    />
  );
}

export function ReceiptActions({
  enrollmentId,
  payment: p,
  shareable,
  language,
}: {
  enrollmentId: string;
  payment: Payment;
  shareable: boolean;
  /** What the downloaded and printed receipt is written in (WhatsApp sends the student's own). */
  language: Language;
}) {
  return (
    <>
      <Button
        size="small"
        href={receiptHref(p._id, language)}
        download
        aria-label={`Download receipt ${p.receiptNumber}`}
      >
        Receipt
      </Button>
      <Button
        size="small"
        href={receiptHref(p._id, language)}
        target="_blank"
        rel="noopener"
        aria-label={`Print receipt ${p.receiptNumber}`}
      >
        Print
      </Button>
      {shareable && !p.voided && <WhatsAppReceipt enrollmentId={enrollmentId} payment={p} />}
    </>
  );
}

/**
 * "I have paid": the student reports a UPI payment with its UTR; the claim shows as being checked
 * until staff confirm it (or the bank statement does) or reject it.
 */
import { useState, type FormEvent } from 'react';
import { localIsoDate } from '@registrar/contract/enrollment';
import type { StudentPage } from '@registrar/contract/student-page';
import { ApiError } from '../../shared/api/api-error';
import { reportPayment } from './api/student-page-api';
import { Section, useTexts } from './student-page-texts';

type Field = 'installmentNumber' | 'amount' | 'utr' | 'paidOn';

export function PaymentClaimSection({
  token,
  page,
  onChanged,
}: {
  token: string;
  page: StudentPage;
  onChanged: () => void;
}) {
  const { t, message, rupees, date, failed } = useTexts();
  const open = page.installments.filter((i) => i.status !== 'paid');
  const first = open[0];
  const [form, setForm] = useState({
    installmentNumber: String(first?.number ?? ''),
    amount: first ? String(Math.round((first.amount - first.paidAmount) * 100) / 100) : '',
    utr: '',
    paidOn: localIsoDate(),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const closed = page.status === 'rejected' || page.status === 'cancelled';
  if ((closed || !open.length) && !page.claims.length) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod) load on the first report: the page itself never needs them.
    const { paymentClaimInputSchema } = await import('@registrar/contract/reconciliation');
    const parsed = paymentClaimInputSchema.safeParse({
      installmentNumber: Number(form.installmentNumber),
      amount: form.amount === '' ? undefined : Number(form.amount),
      utr: form.utr,
      paidOn: form.paidOn,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setBusy(true);
    setErrors({});
    setNotice(null);
    try {
      setNotice({ ok: true, text: await reportPayment(token, parsed.data) });
      setForm((f) => ({ ...f, utr: '' }));
      onChanged();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : [];
      if (fields.length) setErrors(Object.fromEntries(fields.map((f) => [f.path, f.message])));
      else setNotice({ ok: false, text: failed(err) });
    } finally {
      setBusy(false);
    }
  };

  const input = (name: Field) => ({
    id: `sp-claim-${name}`,
    name,
    value: form[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `sp-claim-${name}-error` : name === 'utr' ? 'sp-claim-utr-hint' : undefined,
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });
  const error = (name: Field) =>
    errors[name] ? (
      <p id={`sp-claim-${name}-error`} className="sp-error" role="alert">
        {message(errors[name]!)}
      </p>
    ) : null;

  return (
    <Section id="sp-claim" title={t('my.claim.title')}>
      {page.claims.length > 0 && (
        <>
          <h3 className="sp-subheading">{t('my.claim.listTitle')}</h3>
          <ul className="sp-list">
            {page.claims.map((c) => (
              <li key={`${c.utr}-${c.state}`} className="sp-item">
                <div className="sp-row">
                  <span>
                    {t('my.claim.row', {
                      amount: rupees(c.amount),
                      installment: c.installmentNumber,
                      utr: c.utr,
                      date: date(c.paidOn),
                    })}
                  </span>
                  <span className={`sp-badge sp-badge-claim-${c.state}`}>{t(`my.claimState.${c.state}`)}</span>
                </div>
                {c.reason && <p className="sp-muted">{c.reason}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
      {!closed && open.length > 0 && (
        <form className="sp-form" noValidate onSubmit={submit}>
          <p className="sp-muted">{t('my.claim.lead')}</p>
          <label htmlFor="sp-claim-installmentNumber">{t('my.claim.installment')}</label>
          <select {...input('installmentNumber')}>
            {open.map((i) => (
              <option key={i.number} value={i.number}>
                {t('my.claim.installmentOption', {
                  number: i.number,
                  amount: rupees(Math.round((i.amount - i.paidAmount) * 100) / 100),
                })}
              </option>
            ))}
          </select>
          {error('installmentNumber')}
          <label htmlFor="sp-claim-amount">{t('my.claim.amount')}</label>
          <input {...input('amount')} type="number" inputMode="decimal" min="0.01" step="0.01" />
          {error('amount')}
          <label htmlFor="sp-claim-utr">{t('my.claim.utr')}</label>
          <input {...input('utr')} inputMode="numeric" autoComplete="off" maxLength={20} />
          <p id="sp-claim-utr-hint" className="sp-muted">
            {t('my.claim.utrHint')}
          </p>
          {error('utr')}
          <label htmlFor="sp-claim-paidOn">{t('my.claim.paidOn')}</label>
          <input {...input('paidOn')} type="date" max={localIsoDate()} />
          {error('paidOn')}
          {notice && (
            <p className={notice.ok ? 'sp-notice' : 'sp-error'} role={notice.ok ? 'status' : 'alert'}>
              {message(notice.text)}
            </p>
          )}
          <button type="submit" className="sp-button" disabled={busy} aria-busy={busy}>
            {t('my.claim.submit')}
          </button>
        </form>
      )}
    </Section>
  );
}

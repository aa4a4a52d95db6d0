/** What the student has paid, newest first: each payment with its receipt and, while GST was on, its tax invoice. */
import { STUDENT_API, type StudentPage } from '@registrar/contract/student-page';
import { activeLanguage } from '../../shared/i18n/i18n';
import { Section, useTexts } from './student-page-texts';

export function PaymentsSection({ token, page }: { token: string; page: StudentPage }) {
  const { t, rupees, date } = useTexts();
  // The server lists them as recorded; the latest paid comes first, same-day ones latest recorded first.
  const newestFirst = [...page.payments].reverse().sort((a, b) => b.paidOn.localeCompare(a.paidOn));
  return (
    <Section id="sp-payments" title={t('my.payments')}>
      {page.payments.length === 0 ? (
        <p className="sp-muted">{t('my.payments.none')}</p>
      ) : (
        <ul className="sp-list">
          {newestFirst.map((p) => (
            <li key={p._id} id={`sp-receipt-${p._id}`} className="sp-item">
              <div className="sp-row">
                <strong>{rupees(p.amount)}</strong>
                <span>{date(p.paidOn)}</span>
              </div>
              <div className="sp-row sp-muted">
                <span>
                  {t('my.receipt', { number: p.receiptNumber })}
                  {p.voided ? ` · ${t('my.voided')}` : ''}
                </span>
                <span>
                  {t(`my.paymentMode.${p.paymentMode}`)} · {t('my.installment', { number: p.installmentNumber })}
                </span>
              </div>
              <div className="sp-downloads">
                <a className="sp-link" href={STUDENT_API.receipt(token, p._id, activeLanguage())} download>
                  {t('my.receipt.download', { number: p.receiptNumber })}
                </a>
                {p.invoiceNumber && (
                  <a className="sp-link" href={STUDENT_API.invoice(token, p._id)} download>
                    {t(p.invoiceNumber.startsWith('BOS/') ? 'my.billOfSupply.download' : 'my.invoice.download', {
                      number: p.invoiceNumber,
                    })}
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

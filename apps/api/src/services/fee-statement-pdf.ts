/**
 * The fee statement PDF: institute, student, course, schedule with states, payments
 * with receipt numbers, totals and the date. Fonts are embedded (Noto Sans for Latin and ₹,
 * Noto Sans Devanagari for Hindi and Marathi names): the PDF standard fonts have neither.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type QRCodeModule from 'qrcode';
import { lazyPackage } from '../lib/lazy-package';
import { amountInWords } from '@registrar/contract/amount-words';
import type { EnrollmentStatus, Installment } from '@registrar/contract/enrollment-admin';
import {
  INDIA_TIME_ZONE,
  formatDateNumeric,
  formatDateTime,
  formatRupees,
  formatRupeesExact,
  type Language,
} from '@registrar/contract/language';
import type { Concession, Payment, Refund } from '@registrar/contract/fees';
import { PAYMENT_MODE_NAMES, type RecordedPaymentMode } from '@registrar/contract/constants';
import { studentTexts, type StudentText } from './student-texts';

const QRCode = lazyPackage<typeof QRCodeModule>('qrcode');

function fontsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, 'assets', 'fonts');
    if (fs.existsSync(path.join(candidate, 'NotoSans-Regular.ttf'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the statement fonts (apps/api/assets/fonts)');
}

/** Devanagari, its extensions and Vedic signs: written with the Devanagari font. */
const isDevanagariChar = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x0900 && code <= 0x097f) || (code >= 0xa8e0 && code <= 0xa8ff) || (code >= 0x1cd0 && code <= 0x1cff);
};
const hasDevanagari = (text: string) => Array.from(text).some(isDevanagariChar);

/** Splits text into runs of one script; spaces stay with the run they are in. */
function scriptRuns(text: string): string[] {
  const runs: string[] = [];
  let current = '';
  let currentIsDevanagari: boolean | undefined;
  for (const c of text) {
    const devanagari = c === ' ' ? currentIsDevanagari : isDevanagariChar(c);
    if (current && devanagari !== currentIsDevanagari) {
      runs.push(current);
      current = '';
    }
    current += c;
    currentIsDevanagari = devanagari;
  }
  if (current) runs.push(current);
  return runs;
}

export interface StatementData {
  institute: { name: string; address: string; email: string; phone: string };
  student: { name: string; email: string; phone: string; enrollmentNumber: string; status: EnrollmentStatus };
  /** The student's language: every label, amount and date of the statement is written in it. */
  language: Language;
  course: string;
  paymentMethod: string;
  /** The terms version the student accepted and when (ISO), when consent was recorded. */
  consent: { termsVersion: number | null; consentedAt: string | null };
  installments: Installment[];
  payments: Payment[];
  refunds: Refund[];
  concessions: Concession[];
  totals: { fee: number; paid: number; outstanding: number; concessions: number };
  /** The day it was made (YYYY-MM-DD). */
  generatedOn: string;
  /** UPI payment codes for the open installments (when UPI_ID is set). */
  upi?: { installment: number; amount: number; url: string }[];
}

/** The line that records which terms the student accepted, and when (in India's time zone). */
export function consentLine(
  { termsVersion, consentedAt }: StatementData['consent'],
  language: Language = 'en',
  t: StudentText = studentTexts(language),
): string {
  if (termsVersion === null) return t('statement.terms.none');
  if (!consentedAt) return t('statement.terms.version', { version: termsVersion });
  const when = formatDateTime(consentedAt, language, { timeZone: INDIA_TIME_ZONE });
  return t('statement.terms.versionOn', { version: termsVersion, when });
}

/** A PDF document with the embedded fonts and a writer that switches to Devanagari where needed. */
export async function startPdf(title: string, language: Language = 'en') {
  // Loaded on the first PDF: pdfkit holds about 13 MiB that an idle server does not need.
  const { default: PDFDocument } = await import('pdfkit');
  const dir = fontsDir();
  const doc = new PDFDocument({ size: 'A4', margin: 48, lang: language, info: { Title: title } });
  doc.registerFont('regular', path.join(dir, 'NotoSans-Regular.ttf'));
  doc.registerFont('bold', path.join(dir, 'NotoSans-Bold.ttf'));
  doc.registerFont('devanagari', path.join(dir, 'NotoSansDevanagari-Regular.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  /** Writes text, switching to the Devanagari font for runs in that script (`continued` keeps the line open). */
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}, font = 'regular') => {
    const runs = scriptRuns(text);
    runs.forEach((run, i) => {
      const continued = i < runs.length - 1 || options.continued === true;
      doc.font(hasDevanagari(run) ? 'devanagari' : font).text(run, { ...options, continued });
    });
  };
  return { doc, write, done };
}

/** The institute's name, address and contacts at the top of every document. */
export function writeLetterhead(
  { doc, write }: Pick<Awaited<ReturnType<typeof startPdf>>, 'doc' | 'write'>,
  institute: StatementData['institute'],
) {
  doc.fillColor('#241D3B');
  write(institute.name, {}, 'bold');
  doc.fontSize(9).fillColor('#55536a');
  write(institute.address);
  write(`${institute.phone} · ${institute.email}`);
}

/** Draws a QR code's modules as filled squares at (x, y), `size` points wide. */
export function drawQr(
  doc: PDFKit.PDFDocument,
  modules: { size: number; get(row: number, col: number): number },
  x: number,
  y: number,
  size: number,
) {
  const cell = size / modules.size;
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row += 1)
    for (let col = 0; col < modules.size; col += 1)
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
  doc.fill().restore();
}

export async function renderFeeStatement(data: StatementData): Promise<Buffer> {
  const { language } = data;
  const t = studentTexts(language);
  const inr = (rupees: number) => formatRupeesExact(rupees, language);
  const day = (iso: string) => formatDateNumeric(iso);
  const { doc, write, done } = await startPdf(
    t('statement.docTitle', { number: data.student.enrollmentNumber }),
    language,
  );
  writeLetterhead({ doc, write }, data.institute);
  doc.moveDown(1).fontSize(16).fillColor('#1d1b26');
  write(t('statement.title'), {}, 'bold');
  doc.fontSize(10);
  write(t('statement.date', { date: formatDateNumeric(data.generatedOn) }));
  doc.moveDown(0.5);
  write(t('statement.student', { name: data.student.name }));
  write(
    t('statement.enrolment', {
      number: data.student.enrollmentNumber,
      status: t(`statement.status.${data.student.status}`),
    }),
  );
  write(t('statement.contact', { email: data.student.email, phone: data.student.phone }));
  write(t('statement.course', { course: data.course, method: t(`statement.method.${data.paymentMethod}`) }));
  write(consentLine(data.consent, language, t));

  const table = (title: string, header: string[], widths: number[], rows: string[][]) => {
    doc.moveDown(1).fontSize(12);
    write(title, {}, 'bold');
    doc.fontSize(9);
    const drawRow = (cells: string[], font: string) => {
      const y = doc.y;
      let x = doc.page.margins.left;
      cells.forEach((cell, i) => {
        doc.font(hasDevanagari(cell) ? 'devanagari' : font).text(cell, x, y, { width: widths[i]! - 6 });
        x += widths[i]!;
      });
      doc.x = doc.page.margins.left;
      doc.moveDown(0.4);
    };
    drawRow(header, 'bold');
    if (!rows.length) drawRow([t('statement.none')], 'regular');
    rows.forEach((r) => drawRow(r, 'regular'));
  };

  const amount = t('statement.amount');
  table(
    t('statement.schedule'),
    [
      t('statement.schedule.number'),
      t('statement.schedule.due'),
      amount,
      t('statement.schedule.paid'),
      t('statement.schedule.status'),
    ],
    [130, 90, 100, 100, 70],
    data.installments.map((i) => [
      // A charge a bounced cheque left is named, not numbered.
      i.charge ? t(`statement.charge.${i.charge}`) : String(i.number),
      day(i.dueDate),
      inr(i.amount),
      inr(i.paidAmount),
      t(`statement.installment.${i.status}`),
    ]),
  );
  table(
    t('statement.payments'),
    [
      t('statement.payments.receipt'),
      t('statement.payments.paidOn'),
      amount,
      t('statement.payments.mode'),
      t('statement.payments.installment'),
    ],
    [130, 90, 110, 110, 60],
    data.payments.map((p) => [
      p.voided
        ? t('statement.payments.void', { receipt: p.receiptNumber })
        : p.source === 'import'
          ? t('statement.payments.imported', { receipt: p.receiptNumber })
          : p.receiptNumber,
      day(p.paidOn),
      inr(p.amount),
      t(`statement.mode.${p.paymentMode}`),
      String(p.installmentNumber),
    ]),
  );
  table(
    t('statement.refunds'),
    [
      t('statement.refunds.refund'),
      t('statement.refunds.on'),
      amount,
      t('statement.refunds.receipt'),
      t('statement.reason'),
    ],
    [110, 80, 90, 110, 110],
    data.refunds.map((r) => [r.refundNumber, day(r.refundedOn), inr(r.amount), r.receiptNumber, r.reason]),
  );
  table(
    t('statement.concessions'),
    [t('statement.concessions.on'), amount, t('statement.reason')],
    [90, 110, 300],
    data.concessions.map((c) => [day(c.createdAt), inr(c.amount), c.reason]),
  );

  doc.moveDown(1).fontSize(11);
  write(t('statement.total', { amount: inr(data.totals.fee) }), {}, 'bold');
  if (data.totals.concessions > 0) write(t('statement.afterConcessions', { amount: inr(data.totals.concessions) }));
  write(t('statement.paid', { amount: inr(data.totals.paid) }), {}, 'bold');
  write(t('statement.outstanding', { amount: inr(data.totals.outstanding) }), {}, 'bold');
  if (data.upi?.length) {
    doc.moveDown(1).fontSize(12);
    write(t('statement.upi.title'), {}, 'bold');
    doc.fontSize(9);
    write(t('statement.upi.note'));
    for (const code of data.upi) {
      if (doc.y + 110 > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const top = doc.y + 6;
      drawQr(doc, QRCode().create(code.url, { errorCorrectionLevel: 'M' }).modules, doc.page.margins.left, top, 96);
      doc.x = doc.page.margins.left + 110;
      doc.y = top + 36;
      write(t('statement.upi.installment', { number: code.installment, amount: inr(code.amount) }));
      doc.x = doc.page.margins.left;
      doc.y = top + 104;
    }
  }
  doc.moveDown(2).fontSize(8).fillColor('#55536a');
  write(t('statement.footer'));
  doc.end();
  return done;
}

export interface ReceiptData {
  institute: StatementData['institute'];
  student: { name: string; enrollmentNumber: string };
  course: string;
  receiptNumber: string;
  amount: number;
  mode: string;
  reference: string | null;
  paidOn: string;
  installmentNumber: number;
  receivedBy: string | null;
  voided: boolean;
  refunded: number;
  /** What the enrolment still owed once this payment was in (rupees). */
  balanceAfter: number;
  /** Brought in from the institute's earlier books: the receipt number is theirs. */
  imported: boolean;
  /** Every label of the receipt is written in it; the amount in words stays English (Indian numbering). */
  language: Language;
}

/** "For <institute>", room to sign, "Authorised signatory": the foot of every document handed over. */
export function writeSignatory(
  { doc }: Pick<Awaited<ReturnType<typeof startPdf>>, 'doc'>,
  institute: string,
  label = 'Authorised signatory',
  forInstitute = `For ${institute}`,
) {
  doc.moveDown(2).fontSize(11).fillColor('#1d1b26');
  writeRight(doc, forInstitute, 'bold');
  doc.moveDown(2);
  writeRight(doc, label, 'regular');
}

/**
 * One line set against the right margin, each script in its own font: pdfkit's own right alignment
 * lays continued runs out on lines of their own.
 */
function writeRight(doc: PDFKit.PDFDocument, text: string, font: string) {
  const runs = scriptRuns(text).map((run) => ({ run, font: hasDevanagari(run) ? 'devanagari' : font }));
  const width = runs.reduce((sum, r) => sum + doc.font(r.font).widthOfString(r.run), 0);
  const y = doc.y;
  let x = doc.page.width - doc.page.margins.right - width;
  for (const r of runs) {
    doc.font(r.font).text(r.run, x, y, { lineBreak: false });
    x += doc.widthOfString(r.run);
  }
  doc.x = doc.page.margins.left;
  doc.y = y + doc.currentLineHeight(true);
}

/** One page: who paid what, for what, how, when and who received it, with the amount in words. */
export async function renderReceipt(data: ReceiptData): Promise<Buffer> {
  const { language } = data;
  const t = studentTexts(language);
  const { doc, write, done } = await startPdf(t('receipt.docTitle', { number: data.receiptNumber }), language);
  writeLetterhead({ doc, write }, data.institute);
  doc.moveDown(1).fontSize(16).fillColor('#1d1b26');
  write(t(data.voided ? 'receipt.titleVoid' : 'receipt.title'), {}, 'bold');
  doc.fontSize(11).moveDown(0.5);
  const line = (label: string, value: string) => {
    write(`${label}: `, { continued: true }, 'bold');
    write(value);
  };
  const rupees = (amount: number) => formatRupees(amount, language);
  // English keeps the console's names of the modes (capitalised, "Cheque / DD"); Hindi has its own.
  const mode =
    language === 'en'
      ? (PAYMENT_MODE_NAMES[data.mode as RecordedPaymentMode] ?? data.mode)
      : t(`statement.mode.${data.mode}`);
  line(t('receipt.number'), data.receiptNumber);
  line(t('receipt.date'), formatDateNumeric(data.paidOn));
  line(t('receipt.from'), data.student.name);
  line(t('receipt.enrolment'), data.student.enrollmentNumber);
  line(t('receipt.course'), data.course);
  line(t('receipt.towards'), t('receipt.installment', { number: data.installmentNumber }));
  doc.moveDown(0.5).fontSize(14);
  line(t('receipt.amount'), rupees(data.amount));
  doc.fontSize(11);
  line(t('receipt.words'), t('receipt.wordsValue', { words: amountInWords(data.amount, language) }));
  doc.moveDown(0.5);
  line(t('receipt.mode'), mode);
  line(t('receipt.reference'), data.reference ?? '—');
  line(t('receipt.receivedBy'), data.receivedBy ?? '—');
  if (data.imported) line(t('receipt.importedFrom'), t('receipt.imported'));
  if (data.refunded > 0) line(t('receipt.refunded'), rupees(data.refunded));
  if (!data.voided) line(t('receipt.balance'), rupees(data.balanceAfter));
  if (data.voided) {
    doc.moveDown(0.5).fillColor('#b00020');
    write(t('receipt.voided'), {}, 'bold');
    doc.fillColor('#1d1b26');
  }
  writeSignatory(
    { doc },
    data.institute.name,
    t('receipt.signatory'),
    t('receipt.for', { institute: data.institute.name }),
  );
  doc.moveDown(2).fontSize(8).fillColor('#55536a');
  write(t('receipt.footer'));
  doc.end();
  return done;
}

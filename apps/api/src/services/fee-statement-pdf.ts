/**
 * The fee statement PDF (issue 8): institute, student, course, schedule with states, payments
 * with receipt numbers, totals and the date. Fonts are embedded (Noto Sans for Latin and ₹,
 * Noto Sans Devanagari for Hindi and Marathi names): the PDF standard fonts have neither.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Installment } from '@registrar/contract/enrollment-admin';
import type { Concession, Payment, Refund } from '@registrar/contract/fees';

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
  student: { name: string; email: string; phone: string; enrollmentNumber: string; status: string };
  course: string;
  paymentMethod: string;
  /** The terms version the student accepted and when (ISO), when consent was recorded. */
  consent: { termsVersion: number | null; consentedAt: string | null };
  installments: Installment[];
  payments: Payment[];
  refunds: Refund[];
  concessions: Concession[];
  totals: { fee: number; paid: number; outstanding: number; concessions: number };
  generatedOn: string;
}

const inr = (rupees: number) =>
  `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The line that records which terms the student accepted, and when (in India's time zone). */
export function consentLine({ termsVersion, consentedAt }: StatementData['consent']): string {
  if (termsVersion === null) return 'Terms accepted: not recorded';
  if (!consentedAt) return `Terms accepted: version ${termsVersion}`;
  const when = new Date(consentedAt).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `Terms accepted: version ${termsVersion} on ${when} IST`;
}

export async function renderFeeStatement(data: StatementData): Promise<Buffer> {
  // Loaded on the first statement: pdfkit holds about 13 MiB that an idle server does not need.
  const { default: PDFDocument } = await import('pdfkit');
  const dir = fontsDir();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `Fee statement ${data.student.enrollmentNumber}` },
  });
  doc.registerFont('regular', path.join(dir, 'NotoSans-Regular.ttf'));
  doc.registerFont('bold', path.join(dir, 'NotoSans-Bold.ttf'));
  doc.registerFont('devanagari', path.join(dir, 'NotoSansDevanagari-Regular.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  /** Writes text, switching to the Devanagari font for runs in that script. */
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}, font = 'regular') => {
    const runs = scriptRuns(text);
    runs.forEach((run, i) => {
      doc.font(hasDevanagari(run) ? 'devanagari' : font).text(run, { ...options, continued: i < runs.length - 1 });
    });
  };

  doc.fillColor('#241D3B');
  write(data.institute.name, {}, 'bold');
  doc.fontSize(9).fillColor('#55536a');
  write(data.institute.address);
  write(`${data.institute.phone} · ${data.institute.email}`);
  doc.moveDown(1).fontSize(16).fillColor('#1d1b26');
  write('Fee statement', {}, 'bold');
  doc.fontSize(10);
  write(`Date: ${data.generatedOn}`);
  doc.moveDown(0.5);
  write(`Student: ${data.student.name}`);
  write(`Enrolment number: ${data.student.enrollmentNumber} (${data.student.status})`);
  write(`Contact: ${data.student.email} · ${data.student.phone}`);
  write(`Course: ${data.course} · ${data.paymentMethod === 'installment' ? 'Installments' : 'Full payment'}`);
  write(consentLine(data.consent));

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
    if (!rows.length) drawRow(['None'], 'regular');
    rows.forEach((r) => drawRow(r, 'regular'));
  };

  table(
    'Schedule',
    ['#', 'Due date', 'Amount', 'Paid', 'Status'],
    [30, 110, 120, 120, 110],
    data.installments.map((i) => [String(i.number), i.dueDate, inr(i.amount), inr(i.paidAmount), i.status]),
  );
  table(
    'Payments',
    ['Receipt', 'Paid on', 'Amount', 'Mode', 'Installment'],
    [130, 90, 110, 110, 60],
    data.payments.map((p) => [
      p.voided ? `${p.receiptNumber} (void)` : p.receiptNumber,
      p.paidOn,
      inr(p.amount),
      p.paymentMode.replace('_', ' '),
      String(p.installmentNumber),
    ]),
  );
  table(
    'Refunds',
    ['Refund', 'Refunded on', 'Amount', 'Of receipt', 'Reason'],
    [110, 80, 90, 110, 110],
    data.refunds.map((r) => [r.refundNumber, r.refundedOn, inr(r.amount), r.receiptNumber, r.reason]),
  );
  table(
    'Concessions',
    ['Given on', 'Amount', 'Reason'],
    [90, 110, 300],
    data.concessions.map((c) => [c.createdAt.slice(0, 10), inr(c.amount), c.reason]),
  );

  doc.moveDown(1).fontSize(11);
  write(`Total fee: ${inr(data.totals.fee)}`, {}, 'bold');
  if (data.totals.concessions > 0) write(`(after concessions of ${inr(data.totals.concessions)})`);
  write(`Paid (net of refunds): ${inr(data.totals.paid)}`, {}, 'bold');
  write(`Outstanding: ${inr(data.totals.outstanding)}`, {}, 'bold');
  doc.moveDown(2).fontSize(8).fillColor('#55536a');
  write('This statement is generated by Registrar. Voided payments are shown for the record and not counted.');
  doc.end();
  return done;
}

/**
 * A 30-student register as an institute keeps it in Excel: its own headers (some in Hindi),
 * dd/mm/yyyy dates, ₹ amounts with commas and "/-", Hindi names, modes in mixed case, and five
 * rows in error (a short phone, a date that cannot be, an unknown course, a mode nobody uses, an
 * email without a dotted domain).
 */
export const REGISTER_HEADER = [
  'Roll No',
  'छात्र का नाम',
  'Mobile No.',
  'Email ID',
  'पता',
  'Course',
  'Occupation',
  'College / Company',
  'Fee Plan',
  'Date of Admission',
  'Amount Paid',
  'Payment Date',
  'Paid By',
  'Receipt No',
];

const NAMES = ['आरव शर्मा', 'Priya Deshmukh', 'अनन्या वर्मा', 'Rohit Patil', 'स्नेहा जोशी', 'Vikram Rao'];
const MODES = ['Cash', 'UPI', 'GPay', 'cheque', 'NEFT', 'PhonePe'];

const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The register's CSV for `course` (its fee ₹9,000), ids tagged so each run adds its own students. */
export function registerCsv(tag: string, course: string): string {
  const rows = Array.from({ length: 30 }, (_, i) => {
    const n = i + 1;
    const row = [
      `${tag}-${n}`,
      `${NAMES[i % NAMES.length]} ${n}`,
      `+91 98${String(76540000 + n).slice(0, 3)} ${String(76540000 + n).slice(3)}`,
      `${tag}.${n}@example.com`,
      `${n}, Shivaji Nagar, Pune`,
      course,
      i % 2 ? 'College' : 'Company',
      i % 2 ? 'Fergusson College' : 'Infosys',
      i % 3 ? 'Installment' : 'Full Payment',
      `${String((i % 28) + 1).padStart(2, '0')}/03/2026`,
      i % 4 ? `₹${(3000 + 100 * n).toLocaleString('en-IN')}` : `${3000 + 100 * n}/-`,
      `${String((i % 28) + 1).padStart(2, '0')}/04/2026`,
      MODES[i % MODES.length]!,
      `BOOK/${tag}/${n}`,
    ];
    if (n === 4) row[2] = '98765';
    if (n === 9) row[11] = '31/11/2025';
    if (n === 14) row[5] = `${course} Advanced Diploma`;
    if (n === 19) row[12] = 'Barter';
    if (n === 24) row[3] = `${tag}.${n}@gmail`;
    return row;
  });
  return [REGISTER_HEADER, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

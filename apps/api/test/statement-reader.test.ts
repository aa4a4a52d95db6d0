import { describe, expect, it } from 'vitest';
import { RECONCILIATION_MESSAGES as M } from '@registrar/contract/reconciliation';
import { amountPaise, readTable, statementDate } from '../src/lib/spreadsheet';
import { readStatement } from '../src/services/reconciliation/statement-reader';
import { BANKS, statementCsv, type Credit } from './fixtures/statements';
import { xlsx } from './fixtures/xlsx';

const april = (day: number) => new Date(2025, 3, day);
const credits: Credit[] = [
  {
    date: april(4),
    amount: 125000,
    utr: '213026885941',
    name: 'PRASHANTH H CHANDRAM',
    note: 'ENR-2026-00042 installment 1',
  },
  { date: april(5), amount: 999.5, utr: '213026885942', name: 'ASHA VERMA' },
  { date: april(6), amount: 500, utr: '213026885943', name: 'RENT', debit: true },
];

const read = async (data: string | Buffer) => readStatement(await readTable(Buffer.from(data)));

describe('reading bank statements', () => {
  it.each(BANKS)('finds the %s table below its account details, keeps credits, stops at the summary', async (bank) => {
    const { layout, credits: lines } = await read(statementCsv(bank, credits));
    expect(layout).toBe(bank);
    expect(lines.map((l) => [l.postedOn, l.amountPaise, l.utr, l.mode])).toEqual([
      ['2025-04-04', 12_500_000, '213026885941', 'upi'],
      ['2025-04-05', 99_950, '213026885942', 'upi'],
    ]);
    expect(lines[0]!.enrollmentNumber).toBe('ENR-2026-00042');
    expect(lines[0]!.payerName).toBe('PRASHANTH H CHANDRAM');
  });

  it('reads an XLSX statement the same way', async () => {
    const rows = statementCsv('HDFC', credits)
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const { credits: lines } = await read(await xlsx(rows));
    expect(lines.map((l) => l.utr)).toEqual(['213026885941', '213026885942']);
  });

  it('reads a byte-order mark, CRLF and a quoted narration that holds a line break', async () => {
    const text =
      '\uFEFFDate,Details,Ref No/Cheque No,Debit,Credit,Balance\r\n04/04/2025,"BY TRANSFER-UPI/CR/313026885941/ASHA\nVERMA/SBIN",,,"1,25,000.00",0\r\n';
    const { credits: lines } = await read(text);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      amountPaise: 12_500_000,
      utr: '313026885941',
      narration: expect.stringContaining('ASHA VERMA'),
    });
  });

  it('tells a NEFT credit as a bank transfer with its 16–22 character UTR', async () => {
    const text =
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n04/04/25,NEFT CR-HDFC0000001-ASHA VERMA-HDFCN52025040412345678,,04/04/25,,3000.00,0\n';
    const { credits: lines } = await read(text);
    expect(lines[0]).toMatchObject({ mode: 'bank_transfer', utr: 'HDFCN52025040412345678' });
  });

  it('reads Indian amounts and bank dates', () => {
    expect(amountPaise('1,25,000.00')).toBe(12_500_000);
    expect(amountPaise('₹ 500')).toBe(50_000);
    expect(amountPaise('500.00 CR')).toBe(50_000);
    expect(amountPaise('-')).toBeNull();
    expect(amountPaise('abc')).toBeNull();
    expect(statementDate('4 Apr 2025')).toBe('2025-04-04');
    expect(statementDate('04/04/25')).toBe('2025-04-04');
    expect(statementDate('04-04-2025 10:15 AM')).toBe('2025-04-04');
    expect(statementDate('31/02/2025')).toBeNull();
  });

  it('refuses a table with no credit column, and a file with no table, saying what to do', async () => {
    await expect(read('Date,Narration,Withdrawal Amt.\n04/04/25,ATM,500\n')).rejects.toMatchObject({
      statusCode: 400,
      message: M.noCreditColumn,
    });
    await expect(read('hello,world\n1,2\n')).rejects.toMatchObject({ statusCode: 400, message: M.headerNotFound });
  });

  it('reads another layout through a column mapping', async () => {
    const text = 'Posted,Memo,Txn Id,In\n2025-04-04,UPI from ASHA 413026885941,x,"2,000.00"\n';
    const { credits: lines } = readStatement(await readTable(Buffer.from(text)), {
      date: 'Posted',
      narration: 'Memo',
      reference: 'Txn Id',
      credit: 'In',
      dateFormat: 'yyyy-mm-dd',
    });
    expect(lines[0]).toMatchObject({ postedOn: '2025-04-04', amountPaise: 200_000 });
  });
});

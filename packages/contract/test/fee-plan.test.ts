import { describe, expect, it } from 'vitest';
import { allocatePayments, applyConcession, planOwedSchedule, replanSchedule } from '../src/fee-plan';

const schedule = [
  { id: 'a', amountPaise: 1000 },
  { id: 'b', amountPaise: 1000 },
  { id: 'c', amountPaise: 1000 },
];

describe('fee plan', () => {
  it('puts a payment on its own installment, and a detached one on the oldest open installments', () => {
    expect(allocatePayments(schedule, [{ installmentId: 'b', netPaise: 600 }])).toEqual({
      paidPaise: [0, 600, 0],
      unallocated: 0,
    });
    expect(
      allocatePayments(schedule, [
        { installmentId: null, netPaise: 1500 },
        { installmentId: 'a', netPaise: 300 },
      ]),
    ).toEqual({ paidPaise: [1000, 800, 0], unallocated: 0 });
    expect(allocatePayments(schedule, [{ installmentId: null, netPaise: 3200 }]).unallocated).toBe(200);
  });

  it('takes a concession from the last installments backwards, never below what is paid', () => {
    const rows = [
      { amountPaise: 1000, paidPaise: 0 },
      { amountPaise: 1000, paidPaise: 400 },
      { amountPaise: 1000, paidPaise: 0 },
    ];
    expect(applyConcession(rows, 1500)).toEqual([1000, 500, 0]);
    expect(applyConcession(rows, 2600)).toEqual([0, 400, 0]);
    expect(applyConcession(rows, 2601)).toBeNull();
  });

  it('a new joining date moves only installments not paid in full', () => {
    const result = replanSchedule({
      current: [
        { number: 1, amountPaise: 1000, dueDate: '2026-01-10', paidPaise: 1000 },
        { number: 2, amountPaise: 1000, dueDate: '2026-02-10', paidPaise: 200 },
      ],
      netPaidPaise: 1200,
      concessionPaise: 0,
      scheduleChanged: false,
      dateChanged: true,
      firstDue: '2026-03-31',
      plan: () => [],
    });
    expect(result).toMatchObject({
      kind: 'dates',
      schedule: [
        { number: 1, dueDate: '2026-01-10', movedFrom: null },
        { number: 2, dueDate: '2026-04-30', movedFrom: '2026-02-10' },
      ],
    });
  });

  it('a new schedule is lowered by the concessions and refuses more paid than it totals', () => {
    const plan = () => [
      { number: 1, amountPaise: 2000, dueDate: '2026-01-01' },
      { number: 2, amountPaise: 2000, dueDate: '2026-02-01' },
    ];
    const base = {
      current: [],
      concessionPaise: 500,
      scheduleChanged: true,
      dateChanged: false,
      firstDue: '2026-01-01',
      plan,
    };
    expect(replanSchedule({ ...base, netPaidPaise: 2500 })).toMatchObject({
      kind: 'schedule',
      carriedPaise: 2500,
      schedule: [
        { amountPaise: 2000, paidPaise: 2000 },
        { amountPaise: 1500, paidPaise: 500 },
      ],
    });
    expect(replanSchedule({ ...base, netPaidPaise: 3501 })).toEqual({
      kind: 'paidTooMuch',
      paidPaise: 3501,
      newTotalPaise: 3500,
    });
  });

  it('a re-plan keeps a bounced cheque’s charge as its own line, never moved or folded in', () => {
    const current = [
      { number: 1, amountPaise: 2000, dueDate: '2026-01-01', paidPaise: 0 },
      { number: 2, amountPaise: 500, dueDate: '2026-01-20', paidPaise: 0, charge: 'cheque_bounce' },
    ];
    const common = { current, netPaidPaise: 0, concessionPaise: 0, firstDue: '2026-03-01' };
    const plan = () => [
      { number: 1, amountPaise: 1500, dueDate: '2026-03-01' },
      { number: 2, amountPaise: 1500, dueDate: '2026-04-01' },
    ];
    const rebuilt = replanSchedule({ ...common, scheduleChanged: true, dateChanged: false, plan });
    expect(rebuilt).toMatchObject({
      kind: 'schedule',
      schedule: [
        { number: 1, amountPaise: 1500 },
        { number: 2, amountPaise: 1500 },
        { number: 3, amountPaise: 500, dueDate: '2026-01-20', charge: 'cheque_bounce' },
      ],
    });
    expect(replanSchedule({ ...common, netPaidPaise: 3501, scheduleChanged: true, dateChanged: false, plan })).toEqual({
      kind: 'paidTooMuch',
      paidPaise: 3501,
      newTotalPaise: 3500,
    });
    const moved = replanSchedule({ ...common, scheduleChanged: false, dateChanged: true, plan: () => [] });
    expect(moved).toMatchObject({
      kind: 'dates',
      schedule: [
        { number: 1, dueDate: '2026-03-01' },
        { number: 2, dueDate: '2026-01-20', movedFrom: null },
      ],
    });
  });

  it('adds a tax-exclusive course’s GST to each installment only while GST is on', () => {
    const course = { pricePaise: 30000_00, emiPricePaise: [15000_00, 15000_01], gstExempt: false, gstRateBp: 1800 };
    const owed = (taxInclusive: boolean, gstOn: boolean, gstExempt = false) =>
      planOwedSchedule({ ...course, taxInclusive, gstExempt }, 'installment', '2026-04-01', gstOn).map(
        (p) => p.amountPaise,
      );
    expect(owed(false, true)).toEqual([17700_00, 17700_01]);
    expect(owed(false, false)).toEqual([15000_00, 15000_01]);
    expect(owed(true, true)).toEqual([15000_00, 15000_01]);
    expect(owed(false, true, true)).toEqual([15000_00, 15000_01]);
  });
});

import { describe, expect, it } from 'vitest';
import { periodRange } from '../src/periods';

describe('periods', () => {
  it('this month runs to today; last month is whole', () => {
    expect(periodRange('month', '2026-11-28')).toMatchObject({ from: '2026-11-01', to: '2026-11-28' });
    expect(periodRange('last-month', '2026-11-28')).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodRange('last-month', '2026-03-05')).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('last-month', '2026-01-10')).toMatchObject({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('the financial year starts on 1 April: in February it is the last one, from April the new one', () => {
    expect(periodRange('year', '2027-02-14')).toMatchObject({ from: '2026-04-01', to: '2027-02-14' });
    expect(periodRange('year', '2027-03-31')).toMatchObject({ from: '2026-04-01', to: '2027-03-31' });
    expect(periodRange('year', '2027-04-01')).toMatchObject({ from: '2027-04-01', to: '2027-04-01' });
  });
});

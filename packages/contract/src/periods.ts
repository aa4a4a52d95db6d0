/**
 * The periods money is counted in, whole months of India's calendar: this month, last month, the
 * last 3 months and the financial year (1 April to 31 March). The dashboard and the payments
 * register's presets read the same days from here.
 */
import type { DashboardPeriod } from './dashboard';

/** The first day of the month `n` months after the month of `month` (`YYYY-MM` or a date). */
export const monthStartAfter = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
};
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The period's first day, the day after its end (`until`, for half-open ranges) and its last day as
 * shown (today for a running period). The financial year starts on 1 April.
 */
export function periodRange(period: DashboardPeriod, today: string) {
  const monthStart = `${today.slice(0, 7)}-01`;
  const nextMonth = monthStartAfter(monthStart, 1);
  const fyYear = Number(today.slice(5, 7)) >= 4 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
  const ranges: Record<DashboardPeriod, { from: string; until: string }> = {
    month: { from: monthStart, until: nextMonth },
    'last-month': { from: monthStartAfter(monthStart, -1), until: monthStart },
    quarter: { from: monthStartAfter(monthStart, -2), until: nextMonth },
    year: { from: `${fyYear}-04-01`, until: nextMonth },
  };
  const { from, until } = ranges[period];
  return { from, until, to: until > today ? today : dayBefore(until) };
}

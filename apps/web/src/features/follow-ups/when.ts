/** The `datetime-local` input's value (local time, to the minute) and back to an ISO instant. */
const pad = (n: number) => String(n).padStart(2, '0');

export const toLocalInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** An ISO instant, or undefined when the input is empty or not a date. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The default next follow-up: tomorrow at 10:00, the front desk's first hour. */
export function tomorrowMorning(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10, 0);
}

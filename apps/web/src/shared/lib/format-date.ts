/** Dates as the staff screens show them, in the browser's locale; a value that is not a date shows as sent. */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const parse = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

export const formatDateTime = (iso: string) => {
  const date = parse(iso);
  return date ? dateTime.format(date) : iso;
};

export const formatDate = (iso: string) => {
  const date = parse(iso);
  return date ? dateOnly.format(date) : iso;
};

/**
 * CSV that opens correctly in Excel and LibreOffice: UTF-8 with a byte-order mark, CRLF rows,
 * every cell quoted, and cells that start with = + - @ (or a tab/CR) prefixed with ' so a
 * spreadsheet never runs them as formulas (CSV injection).
 */
import { Readable } from 'node:stream';

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain signed figure (-3000.00) is no formula: left as it is, so a spreadsheet adds it up. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join('; ') : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/**
 * The same CSV as a stream, written batch by batch as `batches` yields them: a million rows start
 * arriving at once and never sit in memory together (the stream waits while the client reads).
 */
export async function csvStream(header: string[], batches: AsyncIterable<unknown[][]>): Promise<Readable> {
  const rows = batches[Symbol.asyncIterator]();
  // The first batch is read before anything is sent: a query that fails at once (a value the
  // database refuses) is answered as an error, not as a download cut off after its headers.
  const first = await rows.next();
  const lines = (batch: unknown[][]) => `${batch.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
  return Readable.from(
    (async function* () {
      yield `\uFEFF${header.map(csvCell).join(',')}\r\n`;
      for (let next = first; !next.done; next = await rows.next()) if (next.value.length) yield lines(next.value);
    })(),
    { objectMode: false },
  );
}

/** Each batch's rows turned into CSV cells by `cells`. */
export async function* mapBatches<T>(batches: AsyncIterable<T[]>, cells: (row: T) => unknown[]) {
  for await (const batch of batches) yield batch.map(cells);
}

/** An RFC 6266 Content-Disposition for a download (ASCII fallback plus UTF-8 name). */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

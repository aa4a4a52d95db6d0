/**
 * One key per opening of a dialog that records something (a payment, a contact): a double click
 * or a retry after a timeout sends the same key, and the server records it once. getRandomValues
 * works on plain http too.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

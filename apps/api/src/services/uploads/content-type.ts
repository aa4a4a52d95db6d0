/**
 * Decides a file's type from its first bytes, never from its name or the client's header:
 * JPEG, PNG, GIF, PDF, or SVG (text whose root element is <svg>).
 */
export type SniffedType = 'image/jpeg' | 'image/png' | 'image/gif' | 'application/pdf' | 'image/svg+xml';

export const SNIFF_BYTES = 4096;

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

export function sniffContentType(head: Buffer): SniffedType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  const ascii = head.subarray(0, 6).toString('latin1');
  if (ascii === 'GIF87a' || ascii === 'GIF89a') return 'image/gif';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  // SVG: optional BOM, XML declaration, comments and doctype, then the <svg root.
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const rest = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  if (/^<svg[\s>]/i.test(rest)) return 'image/svg+xml';
  return undefined;
}

export const EXTENSION_FOR: Record<SniffedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'image/svg+xml': 'svg',
};

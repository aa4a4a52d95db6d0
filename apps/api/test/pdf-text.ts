import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A PDF's text as poppler's pdftotext lays it out, read from a temporary copy that is removed after. */
export function pdfText(payload: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-pdf-'));
  const pdfPath = path.join(dir, 'doc.pdf');
  fs.writeFileSync(pdfPath, payload);
  try {
    return execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

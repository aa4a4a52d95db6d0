/**
 * The format of every stored document: a segmented AEAD stream, so a file is encrypted and
 * verified piece by piece while it streams, and nothing unverified is ever handed out.
 *
 *   header   = "RGD1" (4 bytes) ‖ nonce prefix (7 random bytes)
 *   segments = AES-256-GCM(data key, nonce, plaintext[i]) ‖ tag (16 bytes), each plaintext 64 KiB
 *              except the last (0 to 64 KiB); nonce = prefix ‖ uint32 BE index ‖ last ? 1 : 0
 *
 * The index in the nonce refuses reordered or dropped segments, the last-segment flag refuses a
 * file cut at a segment boundary, and the random prefix lets one data key seal a file twice (an
 * SVG is rewritten after sanitising) without ever reusing a nonce.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const SEGMENT_BYTES = 64 * 1024;
const MAGIC = Buffer.from('RGD1', 'latin1');
const PREFIX_BYTES = 7;
export const HEADER_BYTES = MAGIC.length + PREFIX_BYTES;
const TAG_BYTES = 16;
const SEALED_SEGMENT_BYTES = SEGMENT_BYTES + TAG_BYTES;

/** A stored file that is not a well-formed, authentic sealed stream under its key. */
export class SealedStreamError extends Error {}

const nonce = (prefix: Buffer, index: number, last: boolean) => {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0);
  n.writeUInt32BE(index, PREFIX_BYTES);
  n[11] = last ? 1 : 0;
  return n;
};

/** Whether bytes start like a sealed document (the start-up migration tells old plain files apart). */
export const looksSealed = (head: Buffer) => head.length >= MAGIC.length && head.subarray(0, 4).equals(MAGIC);

/** The plaintext length of a sealed file of `sealedBytes` (downloads announce it before decrypting). */
export function plaintextSize(sealedBytes: number): number {
  const body = sealedBytes - HEADER_BYTES;
  if (body < TAG_BYTES) return 0;
  return body - TAG_BYTES * Math.ceil(body / SEALED_SEGMENT_BYTES);
}

/** Seals plaintext pushed in any chunk sizes; `push` and `end` return the sealed bytes to write. */
export class Sealer {
  private readonly prefix = randomBytes(PREFIX_BYTES);
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private index = 0;
  private started = false;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('a data key is 32 bytes');
  }

  private seal(plain: Buffer, last: boolean): Buffer {
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce(this.prefix, this.index, last));
    this.index += 1;
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }

  private head(out: Buffer[]) {
    if (!this.started) out.push(MAGIC, this.prefix);
    this.started = true;
  }

  push(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    this.head(out);
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    // A full segment is sealed only once a byte beyond it has arrived: until then it may be the last.
    if (this.pendingBytes > SEGMENT_BYTES) {
      let all = Buffer.concat(this.pending);
      while (all.length > SEGMENT_BYTES) {
        out.push(this.seal(all.subarray(0, SEGMENT_BYTES), false));
        all = all.subarray(SEGMENT_BYTES);
      }
      this.pending = [all];
      this.pendingBytes = all.length;
    }
    return out;
  }

  end(): Buffer[] {
    const out: Buffer[] = [];
    this.head(out);
    out.push(this.seal(Buffer.concat(this.pending), true));
    this.pending = [];
    this.pendingBytes = 0;
    return out;
  }
}

export function sealBuffer(key: Buffer, plain: Buffer): Buffer {
  const sealer = new Sealer(key);
  return Buffer.concat([...sealer.push(plain), ...sealer.end()]);
}

/**
 * Opens a sealed stream segment by segment, yielding each plaintext segment only after its tag
 * has been verified; throws SealedStreamError on any tampering, truncation or trailing bytes.
 */
export async function* openSealed(
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  key: Buffer,
): AsyncGenerator<Buffer> {
  let buffered: Buffer = Buffer.alloc(0);
  let prefix: Buffer | undefined;
  let index = 0;
  const open = (sealed: Buffer, last: boolean) => {
    if (sealed.length < TAG_BYTES) throw new SealedStreamError('document is truncated');
    const decipher = createDecipheriv('aes-256-gcm', key, nonce(prefix!, index, last));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    index += 1;
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new SealedStreamError('document failed its integrity check');
    }
  };
  for await (const chunk of source) {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    if (!prefix) {
      if (buffered.length < HEADER_BYTES) continue;
      if (!looksSealed(buffered)) throw new SealedStreamError('document is not sealed');
      prefix = Buffer.from(buffered.subarray(MAGIC.length, HEADER_BYTES));
      buffered = buffered.subarray(HEADER_BYTES);
    }
    // Keep the latest full segment back until more arrives: only the end of the file says it was the last.
    while (buffered.length > SEALED_SEGMENT_BYTES) {
      yield open(buffered.subarray(0, SEALED_SEGMENT_BYTES), false);
      buffered = buffered.subarray(SEALED_SEGMENT_BYTES);
    }
  }
  if (!prefix) throw new SealedStreamError('document is truncated');
  yield open(buffered, true);
}

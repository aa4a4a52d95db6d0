/**
 * Reads a multipart request field by field, streaming each file to staging while its first
 * bytes decide its type (so memory stays flat whatever the upload size). On any failure every
 * file staged so far is removed before the error leaves.
 */
import { randomUUID } from 'node:crypto';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@registrar/contract/envelope';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { HttpError } from '../../lib/http-errors';
import { SNIFF_BYTES, sniffContentType, type SniffedType } from './content-type';
import type { FileStorage } from './file-storage';
import { sanitizeSvg } from './svg-sanitizer';

export interface StagedFile {
  id: string;
  field: string;
  mime: SniffedType;
  size: number;
  originalName: string;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: StagedFile[];
  /** Deletes every staged file (call when the request fails after reading). */
  discard(): Promise<void>;
}

const unsupported = (field: string) =>
  new HttpError(415, ERROR_CODES.unsupportedType, ENROLLMENT_MESSAGES.fileTypeNotAllowed, [
    { path: field, message: ENROLLMENT_MESSAGES.fileTypeNotAllowed },
  ]);
const tooLarge = (field: string) =>
  new HttpError(413, ERROR_CODES.tooLarge, ENROLLMENT_MESSAGES.fileTooLarge, [
    { path: field, message: ENROLLMENT_MESSAGES.fileTooLarge },
  ]);

/** Passes bytes through, deciding the type once SNIFF_BYTES (or the whole file) have been seen. */
class Sniffer extends Transform {
  type: SniffedType | undefined;
  size = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private decided = false;

  constructor(private readonly field: string) {
    super();
  }

  private decide() {
    this.decided = true;
    this.type = sniffContentType(Buffer.concat(this.head));
    this.head = [];
    if (!this.type) throw unsupported(this.field);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    this.size += chunk.length;
    if (!this.decided) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength >= SNIFF_BYTES) {
        try {
          this.decide();
        } catch (err) {
          return done(err as Error);
        }
      }
    }
    done(null, chunk);
  }

  override _flush(done: (err?: Error | null) => void) {
    if (this.decided || this.size === 0) return done();
    try {
      this.decide();
      done();
    } catch (err) {
      done(err as Error);
    }
  }
}

/** A client's file name, for display only: no control characters or path separators. */
const safeName = (name: string) =>
  Array.from(name, (c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || c === '/' || c === '\\' ? '_' : c))
    .join('')
    .slice(0, 200);

export interface MultipartOptions {
  /** The file fields this form takes; any other file is refused by name. */
  fileFields: ReadonlySet<string>;
  /** The text fields this form takes; any other field is refused by name. */
  textFields: ReadonlySet<string>;
  /** Files only staff may attach: refused with their own message on a public form. */
  staffOnlyFiles?: ReadonlySet<string>;
  maxFileBytes: number;
}

/** A field name as a client sent it, made safe to echo in a message. */
const shownName = (name: string) => safeName(name).slice(0, 100) || '(empty)';

/** Errors of the multipart parser itself mean the body is not what its content type says. */
export const isParserError = (err: unknown) =>
  err instanceof Error &&
  !(err instanceof HttpError) &&
  /multipart|boundary|part header|unexpected end|part terminated/i.test(err.message);

export async function readMultipart(
  request: FastifyRequest,
  storage: FileStorage,
  options: MultipartOptions,
): Promise<MultipartResult> {
  const fields: Record<string, string> = {};
  const files: StagedFile[] = [];
  const staged: string[] = [];
  // Fields the form does not take are collected and refused together once the body is read, so
  // the request still meets the part caps and the answer names every stray field.
  const refused: { path: string; message: string }[] = [];
  const discard = async () => {
    await Promise.all(staged.map((id) => storage.remove(id)));
  };
  const refuse = (name: string, message: string) => {
    const path = shownName(name);
    if (!refused.some((r) => r.path === path)) refused.push({ path, message });
  };
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes } })) {
      if (part.type === 'field') {
        if (!options.textFields.has(part.fieldname)) refuse(part.fieldname, ENROLLMENT_MESSAGES.unexpectedField);
        else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const field = part.fieldname;
      if (!options.fileFields.has(field) || files.some((f) => f.field === field)) {
        refuse(
          field,
          options.staffOnlyFiles?.has(field) ? ENROLLMENT_MESSAGES.staffOnlyFile : ENROLLMENT_MESSAGES.unexpectedField,
        );
        // Drain what we will not keep; a stray file over the size cap is refused all the same.
        await pipeline(part.file, new Writable({ write: (_chunk, _enc, done) => done() })).catch(() => undefined);
        continue;
      }
      const id = randomUUID();
      staged.push(id);
      const sniffer = new Sniffer(field);
      try {
        await pipeline(part.file, sniffer, storage.stagingStream(id));
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) throw tooLarge(field);
        throw err;
      }
      if (part.file.truncated) throw tooLarge(field);
      if (sniffer.size === 0) continue; // an empty file input counts as no file
      let size = sniffer.size;
      if (sniffer.type === 'image/svg+xml') {
        const clean = Buffer.from(sanitizeSvg((await storage.readStaged(id)).toString('utf8')), 'utf8');
        await storage.writeStaged(id, clean);
        size = clean.length;
      }
      files.push({
        id,
        field,
        mime: sniffer.type!,
        size,
        originalName: safeName(part.filename || field),
      });
    }
    if (refused.length)
      throw new HttpError(400, ERROR_CODES.validation, `${refused[0]!.message}: ${refused[0]!.path}`, refused);
  } catch (err) {
    await discard();
    const code = (err as { code?: string }).code;
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(413, ERROR_CODES.tooLarge, ENROLLMENT_MESSAGES.tooManyParts);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new HttpError(415, ERROR_CODES.unsupportedType, ENROLLMENT_MESSAGES.notMultipart);
    if (isParserError(err)) throw new HttpError(400, ERROR_CODES.validation, ENROLLMENT_MESSAGES.malformedMultipart);
    throw err;
  }
  // Empty file inputs were staged as zero-byte files: drop them now.
  const kept = new Set(files.map((f) => f.id));
  await Promise.all(staged.filter((id) => !kept.has(id)).map((id) => storage.remove(id)));
  return { fields, files, discard: () => Promise.all(files.map((f) => storage.remove(f.id))).then(() => undefined) };
}

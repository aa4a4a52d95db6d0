/**
 * The checks a chosen file passes before anything is uploaded: one of the
 * contract's types (jpg, jpeg, png, gif, svg, pdf) and at most UPLOAD_MAX_MB_DEFAULT megabytes.
 * The server checks the content again; this only spares a visitor a wasted upload.
 */
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_MB_DEFAULT, UPLOAD_MIME_TYPES } from '@registrar/contract/constants';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/answer-messages';

/** The `accept` attribute of every upload: ".jpg,.jpeg,.png,.gif,.svg,.pdf". */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB_DEFAULT * 1024 * 1024;

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

export const isPdf = (file: Blob & { name?: string }) =>
  file.type === 'application/pdf' || extensionOf(file.name ?? '') === 'pdf';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A size limit as people say it: "5 MB", "2.5 MB". */
export const formatLimit = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

/** "240 KB", "1.4 MB": a file's size as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return megabytes(bytes);
}

/** Why a file cannot be uploaded: not an allowed type, or over the limit (both as people read them). */
export type UploadProblem = { kind: 'type' } | { kind: 'size'; size: string; limit: string };

/**
 * Why `file` cannot be uploaded, or null when it can. The name must end in an allowed extension,
 * and the type the browser reports (when it reports one) must be an allowed one.
 */
export function uploadProblem(file: File, maxBytes: number = UPLOAD_MAX_BYTES): UploadProblem | null {
  const extensionOk = (UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  const typeOk = file.type === '' || (UPLOAD_MIME_TYPES as readonly string[]).includes(file.type);
  if (!extensionOk || !typeOk) return { kind: 'type' };
  if (file.size > maxBytes) return { kind: 'size', size: megabytes(file.size), limit: formatLimit(maxBytes) };
  return null;
}

/** `uploadProblem` in English, as the staff console says it. */
export function checkUpload(file: File, maxBytes: number = UPLOAD_MAX_BYTES): string | null {
  const problem = uploadProblem(file, maxBytes);
  if (!problem) return null;
  if (problem.kind === 'type') return ENROLLMENT_MESSAGES.fileTypeNotAllowed;
  return `${ENROLLMENT_MESSAGES.fileTooLarge}: it is ${problem.size}, the limit is ${problem.limit}.`;
}

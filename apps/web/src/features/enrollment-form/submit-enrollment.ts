/**
 * Sends the enrolment as multipart with XMLHttpRequest, because fetch reports no upload progress.
 * Public and bearer-less. Failures become the app's ApiError: no HTTP answer → status
 * undefined ('Network error' on the public forms); otherwise the server's message and its
 * `errors: [{ path, message }]`, with a plain sentence when the body is unreadable (a proxy's 413).
 */
import { apiPaths } from '@registrar/contract/api-paths';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import type { FieldError } from '@registrar/contract/envelope';
import { MESSAGES } from '@registrar/contract/messages';
import { ApiError } from '../../shared/api/api-error';

export const ENROLLMENT_URL = apiPaths.enrollments;

export interface EnrollmentCreated {
  message: string;
  enrollmentNumber: string;
}

/** What a status says when the server's body could not be read. */
function fallbackMessage(status: number): string {
  if (status === 413) return MESSAGES.payloadTooLarge;
  if (status === 429) return MESSAGES.tooManyRequests;
  if (status === 503) return MESSAGES.databaseUnavailable;
  return MESSAGES.somethingWentWrong;
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POSTs `body`; `onProgress` gets 0–100 as the bytes go out. Resolves with the server's message
 * and the enrolment number on 2xx, rejects with an ApiError otherwise.
 */
export function submitEnrollment(body: FormData, onProgress: (percent: number) => void): Promise<EnrollmentCreated> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ENROLLMENT_URL);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    const networkError = () => reject(new ApiError(MESSAGES.networkError, undefined, 'NETWORK_ERROR'));
    xhr.onerror = networkError;
    xhr.ontimeout = networkError;
    xhr.onabort = networkError;
    xhr.onload = () => {
      // status 0: the request never got an HTTP answer (blocked, or the connection dropped).
      if (xhr.status === 0) return networkError();
      const payload = parse(xhr.responseText);
      const message = typeof payload?.message === 'string' ? payload.message : '';
      const failed =
        xhr.status < 200 || xhr.status >= 300 || !payload || payload.success === false || Boolean(payload.error);
      if (failed) {
        const errors = Array.isArray(payload?.errors) ? (payload.errors as FieldError[]) : [];
        const code = typeof payload?.error === 'string' ? payload.error : undefined;
        return reject(new ApiError(message || fallbackMessage(xhr.status), xhr.status, code, errors));
      }
      onProgress(100);
      const data = (payload.data ?? {}) as { enrollmentNumber?: unknown };
      resolve({
        message: message || ENROLLMENT_MESSAGES.received,
        enrollmentNumber: typeof data.enrollmentNumber === 'string' ? data.enrollmentNumber : '',
      });
    };
    xhr.send(body);
  });
}

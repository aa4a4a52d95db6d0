/**
 * `GET /api/inquiry/export.csv` with the list's filters, saved as a file. Fetched with the bearer
 * token (the cookie also works for this download, but a session restored from storage may not
 * have one) so a failure can be shown as a toast instead of a page of JSON.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import { MESSAGES } from '@registrar/contract/messages';
import { ApiError } from '../../../shared/api/api-error';
import { looksLikeJwt } from '../../../shared/api/api-fetch';
import { inquiryFilterParams, type InquiryListArgs } from './inquiries-api';

/** The file name of an RFC 6266 `Content-Disposition` (`filename*=UTF-8''…` preferred). */
export function dispositionFilename(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // a broken encoding: try the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : fallback;
}

export async function downloadInquiriesCsv(filters: Partial<InquiryListArgs>, token: string | null): Promise<void> {
  const query = inquiryFilterParams({ ...filters, page: undefined, limit: undefined }).toString();
  const headers: Record<string, string> = { accept: 'text/csv' };
  if (looksLikeJwt(token)) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${apiPaths.inquiriesCsv}${query ? `?${query}` : ''}`, {
      headers,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(MESSAGES.somethingWentWrong, undefined, 'NETWORK_ERROR');
  }
  if (!response.ok) {
    let message = '';
    try {
      message = ((await response.json()) as { message?: string }).message ?? '';
    } catch {
      // not JSON
    }
    throw new ApiError(message || MESSAGES.somethingWentWrong, response.status);
  }
  const blob = await response.blob();
  const day = new Date().toISOString().slice(0, 10);
  const name = dispositionFilename(response.headers.get('content-disposition'), `inquiries-${day}.csv`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

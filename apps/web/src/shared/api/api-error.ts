import type { FieldError } from '@registrar/contract/envelope';

/**
 * A failed call. `status` is undefined when no HTTP answer arrived (offline, DNS, CORS, abort):
 * the admin console then shows 'Something went wrong', the public forms 'Network error'.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code?: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === undefined;
  }
}

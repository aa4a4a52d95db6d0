/** Errors a service throws to answer with a status and the error envelope (`success: false`, message, error code). */
import { ERROR_CODES, type FieldError } from '@registrar/contract/envelope';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string, errors?: FieldError[]) =>
  new HttpError(409, ERROR_CODES.conflict, message, errors);
export const unauthorized = (message: string) => new HttpError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message: string) => new HttpError(403, ERROR_CODES.forbidden, message);
export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, ERROR_CODES.validation, message, errors);

/** The response envelope and paging shapes every API answer uses, as types and as schemas for OpenAPI. */
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';

/**
 * A list whose total is counted only this far: past it, `total` holds this number and
 * `totalIsCapped` is true ("10,000+"), and paging reaches that many rows.
 */
export const LIST_TOTAL_CAP = 10_000;

export interface FieldError {
  path: string;
  message: string;
}

export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  data: T;
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  error: string;
  errors?: FieldError[];
}

export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  /** `total` is a floor: more rows match than were counted (LIST_TOTAL_CAP). Absent: exact. */
  totalIsCapped?: boolean;
}

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  search: z.string().trim().max(100).optional(),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    totalIsCapped: z.boolean().optional(),
  });

/** Error codes the API puts in `error`. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;

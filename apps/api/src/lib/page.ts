/** A page of a list, as every list route answers it. */
import type { Page } from '@registrar/contract/envelope';

export const toPage = <T>(items: T[], total: number, q: { page: number; limit: number }): Page<T> => ({
  items,
  page: q.page,
  limit: q.limit,
  total,
  totalPages: Math.ceil(total / q.limit),
});

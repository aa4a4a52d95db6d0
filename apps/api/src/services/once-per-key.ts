/** Writes that run once per `Idempotency-Key`: money rows, and contacts logged with a student. */
import { ERROR_CODES } from '@registrar/contract/envelope';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import type { Db, Executor } from '../db/database';
import { HttpError } from '../lib/http-errors';
import type { IdempotentRequest } from '../lib/idempotency';
import { paymentRepository } from '../repositories/payment-repository';

/**
 * Runs `write` in a transaction that first claims the key for `scope`: a retry (even a simultaneous
 * one, which waits on the key's row) gets the first answer and writes nothing; the same key with
 * another request is refused with 422. A write that fails stores nothing, so its retry runs again.
 */
export async function oncePerKey<T>(
  db: Db,
  scope: string,
  request: IdempotentRequest | undefined,
  write: (tx: Executor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (request) {
      const prior = await paymentRepository.claimKey(tx, scope, request.key, request.hash);
      if (prior) {
        if (prior.requestHash !== request.hash)
          throw new HttpError(422, ERROR_CODES.conflict, FEE_MESSAGES.idempotencyKeyReused);
        return prior.response as T;
      }
    }
    const answer = await write(tx);
    if (request) await paymentRepository.storeAnswer(tx, scope, request.key, answer);
    return answer;
  });
}

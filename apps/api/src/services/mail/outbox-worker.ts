/**
 * Delivers the outbox: claims due rows, sends each, marks it sent; a failure is retried with
 * exponential backoff and marked failed after MAX_ATTEMPTS, keeping the last error.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { outboxRepository } from '../../repositories/outbox-repository';
import type { MailMessage } from './mail-message';
import type { MailTransport } from './mail-transport';
import { safeErrorFacts } from '../../lib/logger';
import { CARRIED_ELSEWHERE, HoldUntil } from './outbox-signals';

export const MAX_ATTEMPTS = 8;

/**
 * Turns a row's payload into a mail at send time. `mail` rows carry the rendered mail; other
 * kinds (e.g. `announcement`) point at a record, so a bulk insert stays one cheap statement.
 * Undefined means the record is gone (deleted before delivery): nothing is sent.
 */
export type OutboxRenderer = (payload: unknown) => Promise<MailMessage | undefined | typeof CARRIED_ELSEWHERE>;

export interface OutboxWorkerOptions {
  pollMs?: number;
  backoffBaseMs?: number;
  leaseMs?: number;
  batchSize?: number;
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** Mail being queued after an answer (see `afterAnswer`). */
  private readonly later = new Set<Promise<void>>();
  private readonly pollMs: number;
  private readonly backoffBaseMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    options: OutboxWorkerOptions = {},
    private readonly renderers: Record<string, OutboxRenderer> = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.backoffBaseMs = options.backoffBaseMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.batchSize = options.batchSize ?? 20;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Deliver now rather than at the next poll (called after a transaction that enqueued mail). */
  kick(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  /**
   * Runs `queue` (which enqueues mail) once the current request has been answered, so how long
   * the answer took says nothing of whether there was mail to queue. A pass of the worker, and
   * stopping it, wait for such work first.
   */
  afterAnswer(queue: () => Promise<void>): void {
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(queue)
      .then(
        () => this.kick(),
        (err: unknown) => this.log.warn({ err: safeErrorFacts(err) }, 'mail not queued after the answer'),
      )
      .finally(() => this.later.delete(run));
    this.later.add(run);
  }

  private async settleLater(): Promise<void> {
    while (this.later.size) await Promise.allSettled([...this.later]);
  }

  async stop(): Promise<void> {
    await this.settleLater();
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  /** One pass over what is due; returns how many rows it handled. Tests call it directly. */
  async runOnce(): Promise<number> {
    await this.settleLater();
    await outboxRepository.forgetExpiredSecrets(this.db);
    const rows = await outboxRepository.claimDue(this.db, this.batchSize, this.leaseMs);
    for (const row of rows) {
      try {
        const render = this.renderers[row.kind];
        if (row.kind !== 'mail' && !render) throw new Error(`unknown outbox kind ${row.kind}`);
        const message = render ? await render(row.payload) : (row.payload as MailMessage);
        if (!message) {
          await outboxRepository.markFailedAttempt(this.db, row.id, 'cancelled: the record was deleted', null);
          continue;
        }
        if (message !== CARRIED_ELSEWHERE) await this.transport.send(row.id, message);
        await outboxRepository.markSent(this.db, row.id);
      } catch (err) {
        if (err instanceof HoldUntil) {
          await outboxRepository.hold(this.db, row.id, err.until);
          continue;
        }
        const message = (err as Error).message.slice(0, 500);
        const retryAt =
          row.attempts >= MAX_ATTEMPTS
            ? null
            : new Date(Date.now() + Math.min(this.backoffBaseMs * 2 ** (row.attempts - 1), 3_600_000));
        this.log.warn({ outboxId: row.id, attempts: row.attempts, err: safeErrorFacts(err) }, 'mail delivery failed');
        await outboxRepository.markFailedAttempt(this.db, row.id, message, retryAt);
      }
    }
    return rows.length;
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((err: unknown) => this.log.warn({ err: safeErrorFacts(err) }, 'outbox pass failed'))
        .then((handled) => {
          this.running = undefined;
          if (!this.stopped) this.schedule(handled === this.batchSize ? 0 : this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }
}

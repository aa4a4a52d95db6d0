/**
 * Money writes that take a number (receipt, refund, invoice, credit note) queue here, in this
 * process, before they borrow a database connection.
 *
 * Each number comes from a counter row locked until its transaction commits, so such writes run
 * one at a time anyway. Waiting for that lock inside the database held a pooled connection: 50
 * payments at once filled the pool with waiters and the rest gave up on a connection (503).
 * Waiting here costs no connection; the database lock still orders writes across instances.
 */
const queues = new WeakMap<object, Promise<unknown>>();

/** Runs `task` after every earlier task queued on the same database, in call order. */
export function ledgerTurn<T>(db: object, task: () => Promise<T>): Promise<T> {
  const tail = queues.get(db) ?? Promise.resolve();
  const run = tail.then(task, task);
  queues.set(
    db,
    run.catch(() => undefined),
  );
  return run;
}

/** What a renderer may answer the outbox worker besides a mail. */
/** The renderer's answer for a message another channel carried: nothing for the mail transport. */
export const CARRIED_ELSEWHERE = Symbol('carried elsewhere');

/** Thrown to hold a message, without counting a failed attempt, until a moment. */
export class HoldUntil extends Error {
  constructor(readonly until: Date) {
    super(`held until ${until.toISOString()}`);
  }
}

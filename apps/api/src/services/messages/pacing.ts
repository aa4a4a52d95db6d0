/**
 * Keeps sends within a provider's rate: at most `perSecond` a second on the channel, and (WhatsApp's
 * pair rate) one message to the same number every `pairMs`. Answers when to try instead of now.
 */
export class Pacer {
  private next = 0;
  private readonly lastTo = new Map<string, number>();

  constructor(
    private readonly perSecond: number,
    private readonly pairMs: number,
    private readonly now: () => Date,
  ) {}

  take(to: string): Date | undefined {
    const at = this.now().getTime();
    const pairFree = (this.lastTo.get(to) ?? -Infinity) + this.pairMs;
    const wait = Math.max(this.next, pairFree);
    if (wait > at) return new Date(wait);
    this.next = at + 1000 / this.perSecond;
    this.lastTo.set(to, at);
    if (this.lastTo.size > 10_000) this.lastTo.clear();
    return undefined;
  }
}

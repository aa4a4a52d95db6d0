/**
 * No WhatsApp or SMS at night: between `from` and `to` o'clock in India (21:00 to 08:00 unless
 * configured) a message waits for the morning. India keeps one offset all year, +05:30.
 */
const IST_OFFSET_MS = 330 * 60_000;
const HOUR_MS = 3_600_000;

/** When a message may go out, if `now` falls in the quiet hours; undefined when it may go now. */
export function quietUntil(now: Date, hours: { from: number; to: number } | undefined): Date | undefined {
  if (!hours || hours.from === hours.to) return undefined;
  const local = now.getTime() + IST_OFFSET_MS;
  const dayStart = Math.floor(local / (24 * HOUR_MS)) * 24 * HOUR_MS;
  const hour = (local - dayStart) / HOUR_MS;
  const quiet = hours.from > hours.to ? hour >= hours.from || hour < hours.to : hour >= hours.from && hour < hours.to;
  if (!quiet) return undefined;
  const morning = dayStart + hours.to * HOUR_MS + (hour >= hours.to ? 24 * HOUR_MS : 0);
  return new Date(morning - IST_OFFSET_MS);
}

/** What a provider answered a send with, sorted by what the dispatcher does next. */
export type SendOutcome =
  | { ok: true; providerId: string }
  /** Try again later on the same channel (rate limits, the provider down, the network). */
  | { ok: false; next: 'retry'; code: string; error: string }
  /** The template or the account is refused: admins are told, the channel waits until cleared. */
  | { ok: false; next: 'blocked'; code: string; error: string }
  /** This person cannot be reached so: the next channel is tried. */
  | { ok: false; next: 'refused'; code: string; error: string };

export type Fetch = typeof fetch;

/** The body of a provider's answer as JSON, or {} when it is not JSON. */
export async function jsonOf(res: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** An Indian mobile number as both APIs want it: country code, no plus. */
export const indianMobile = (phone: string) => `91${phone.replace(/\D/g, '').slice(-10)}`;

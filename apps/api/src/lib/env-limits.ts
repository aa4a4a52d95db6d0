/** How many requests one address may make in a rule's window, read from the environment. */
import { z } from 'zod';

export const perAddressLimit = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .default(fallback);

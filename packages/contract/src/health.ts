/**
 * `GET /api/health`: only whether the server and its database are up. No versions, timings or
 * database kind: they would tell a visitor which known vulnerabilities to try.
 */
import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean() }),
});
export type Health = z.infer<typeof healthSchema>;

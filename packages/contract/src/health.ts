/** `GET /api/health` (DESIGN §3–§4). */
import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    reachable: z.boolean(),
    kind: z.enum(['pglite', 'postgres']),
    serverVersion: z.string().nullable(),
    latencyMs: z.number().nullable(),
  }),
});
export type Health = z.infer<typeof healthSchema>;

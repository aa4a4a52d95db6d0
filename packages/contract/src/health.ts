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

/** `GET /api/health/live`: the process runs and answers (a load balancer's liveness probe). */
export const livenessSchema = z.object({
  status: z.literal('live'),
  uptimeSeconds: z.number(),
});
export type Liveness = z.infer<typeof livenessSchema>;

/** `GET /api/health/ready`: this instance should be sent traffic (database reachable, not shutting down). */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.object({ reachable: z.boolean() }),
});
export type Readiness = z.infer<typeof readinessSchema>;

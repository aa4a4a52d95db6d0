import type { z } from 'zod';

/** The first message the schema gives for `path`, or undefined when that field passes. */
export function firstError(schema: z.ZodType, input: unknown, path: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path.join('.') === path)?.message;
}

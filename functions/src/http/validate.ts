import type { z } from 'zod';
import { validationError } from '../domain/errors';

/** Parses untrusted input with a contract schema; the first problem becomes a 400 that names the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw validationError(`${where}${issue?.message ?? 'invalid input'}`);
}

/** "field: message; …" for the first issues of a failed zod parse, prefixed by what was parsed. */
import type { z } from 'zod';

export function describeIssues(e: z.ZodError, what: string): string {
  return `${what}: ${e.issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || '(value)'}: ${i.message}`).join('; ')}`;
}

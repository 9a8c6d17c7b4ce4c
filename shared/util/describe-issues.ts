/** "field: message; …" for the first issues of a failed zod parse, prefixed by what was parsed. */
import type { z } from 'zod';
import { dottedPath, zodIssues } from './zod-issues.ts';

export function describeIssues(e: z.ZodError, what: string): string {
  return `${what}: ${zodIssues(e)
    .slice(0, 5)
    .map((i) => `${dottedPath(i.path) || '(value)'}: ${i.message}`)
    .join('; ')}`;
}

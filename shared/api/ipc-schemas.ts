/**
 * zod schemas for every input that crosses the IPC boundary into the main process (the spec itself
 * is validated by parseSpec). Main never trusts a renderer payload.
 */
import { z } from 'zod';

export const RunIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/, 'a run id: letters, digits, ".", "_" or "-"');

export const SaveRequestSchema = z.object({
  suggestedName: z.string().min(1).max(200).regex(/^[^/\\\0]+$/, 'a file name without folders'),
  content: z.string().max(256 * 1024 * 1024),
  encoding: z.enum(['utf8', 'base64']),
}).strict();

export const FigureRequestSchema = z.object({
  runId: RunIdSchema,
  format: z.enum(['svg', 'png', 'pdf']),
  mode: z.enum(['ratio', 'absolute', 'scatter']),
  counter: z.enum(['expanded', 'visited', 'leaves']),
  compareRunId: RunIdSchema.optional(),
}).strict().refine((r) => r.compareRunId === undefined || r.mode !== 'scatter', {
  path: ['compareRunId'], message: 'a second run overlays the ratio or absolute figure, not the per-tree scatter',
});

/** "field: message" for the first issues of a failed parse. */
export function describeIssues(e: z.ZodError, what: string): string {
  return `${what}: ${e.issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || '(value)'}: ${i.message}`).join('; ')}`;
}

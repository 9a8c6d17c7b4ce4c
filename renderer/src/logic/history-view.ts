/**
 * History's rows: a run's title (its notes' title, else the spec's name), the columns researchers sort
 * and filter by (model, trees, depth, series, duration, state, tags), and the filter itself: every word
 * of the query must occur in the row's text (name, title, model, state, series, tags, notes, seed).
 */
import type { RunListing, RunStatus } from '../../../shared/api/contract.ts';

export function runTitle(r: RunListing): string {
  return r.notes.title?.trim() || r.name;
}

/** A run that stopped before its end (interrupted, cancelled or failed): Resume runs the trees it lacks. */
export const resumable = (status: RunStatus): boolean =>
  status === 'interrupted' || status === 'cancelled' || status === 'failed';

/**
 * The stored runs the run queue shows again when the page opens: those that had not ended (the desktop
 * host kept running or queueing them) and those a reload or a closed window interrupted, newest first.
 */
export const unfinishedRuns = (history: readonly RunListing[]): RunListing[] =>
  history.filter((h) => h.status === 'running' || h.status === 'queued' || h.status === 'interrupted');

/** Start to last end of a finished run in ms, null while it has not ended. */
export function runDuration(r: RunListing): number | null {
  return r.finishedAt ? Math.max(0, Date.parse(r.finishedAt) - Date.parse(r.createdAt)) : null;
}

export function matchesFilter(r: RunListing, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [
    r.name,
    r.notes.title,
    r.notes.notes,
    ...(r.notes.tags ?? []).map((t) => `#${t} ${t}`),
    r.model,
    r.status,
    `seed ${r.seed}`,
    `depth ${r.depth}`,
    ...r.series,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((w) => text.includes(w));
}

/** Tags as typed ("a, b c") → the list the host stores. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

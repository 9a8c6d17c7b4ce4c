/**
 * History's rows: a run's title (its notes' title, else the spec's name), the columns researchers sort
 * and filter by (model, trees, depth, series, duration, state, tags), and the filter itself: every word
 * of the query must occur in the row's text (name, title, model, state, series, tags, notes, seed).
 */
import type { RunListing } from '../../../shared/api/contract.ts';

export function runTitle(r: RunListing): string {
  return r.notes.title?.trim() || r.name;
}

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

/**
 * The rules every run host applies the same way (the desktop app's run folders, the browser's
 * IndexedDB): how a new run id is made (what one looks like is ../api/ipc-schemas.ts's RUN_ID_PATTERN),
 * when a tree counts as done, when a stored run counts as interrupted, and how large a spec file may be.
 */
import type { RunStatus } from '../api/contract.ts';
import type { ResultLine } from '../io/result-line-fields.ts';
import { specDepths, type ExperimentSpec } from '../experiments/spec.ts';

/** The largest spec file a host opens (specs are a few kB; anything larger is not a spec). */
export const MAX_SPEC_FILE_BYTES = 1024 * 1024;

/** The message for a file over the limit, or null if it is within it. */
export function specFileTooLarge(name: string, bytes: number): string | null {
  return bytes > MAX_SPEC_FILE_BYTES
    ? `spec file "${name}" is ${bytes} bytes; a spec file is at most ${MAX_SPEC_FILE_BYTES} bytes (1 MB)`
    : null;
}

/** The k-th candidate id of a run named `name` started at `at`: UTC stamp, slug of the name, `-k` after the first. */
export function runIdCandidate(name: string, at: Date, k: number): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\..+/, '');
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'run';
  return `${stamp}-${slug}${k ? `-${k}` : ''}`;
}

/** Trees with a line at every depth of the spec: "trees done" in listings, and what a resume skips. */
export function completeTrees(spec: ExperimentSpec, lines: readonly ResultLine[]): Set<number> {
  const need = specDepths(spec).length;
  const depths = new Map<number, Set<number>>();
  for (const l of lines) {
    const d = depths.get(l.tree);
    if (d) d.add(l.depth);
    else depths.set(l.tree, new Set([l.depth]));
  }
  return new Set([...depths].filter(([, d]) => d.size >= need).map(([t]) => t));
}

/**
 * One line per tree and depth, the later winning (a resumed run repeats the depths a stopped tree had
 * already stored), in the order the pairs first arrived.
 */
export function latestLines(lines: readonly ResultLine[]): ResultLine[] {
  const at = new Map<string, number>();
  const out: ResultLine[] = [];
  for (const l of lines) {
    const key = `${l.tree}/${l.depth}`;
    const i = at.get(key);
    if (i === undefined) {
      at.set(key, out.length);
      out.push(l);
    } else out[i] = l;
  }
  return out;
}

/** The status to show for a stored run: one that was queued or running but is not live any more was interrupted. */
export function shownStatus(stored: RunStatus, live: boolean): RunStatus {
  if (live) return stored;
  return stored === 'running' || stored === 'queued' ? 'interrupted' : stored;
}

/**
 * One stored line per tree and depth, kept by every store of a run as it appends (a run folder's
 * results.jsonl, the browser's records). A resumed run reruns each tree that was not complete, and the
 * search is deterministic (tree i is generated from (seed, i)), so the depths such a tree had stored
 * come again with the same numbers: those are not stored twice, and the store ends holding exactly
 * the lines of an uninterrupted run. A line of a stored (tree, depth) with other numbers is not the
 * same computation (another version of the workbench, or a fault): it is refused with the fields that
 * differ, the stored line kept.
 */
import type { ResultLine } from '../io/result-line-fields.ts';

/** The place of a line in its run: tree and depth. */
const keyOf = (l: ResultLine) => `${l.tree}/${l.depth}`;

/** A value as JSON with every object's fields in name order, so equal lines give equal text whatever their field order. */
function orderedJson(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(orderedJson).join(',')}]`;
  if (x !== null && typeof x === 'object')
    return `{${Object.entries(x)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${orderedJson(v)}`)
      .join(',')}}`;
  return JSON.stringify(x);
}

/** The fields in which two lines of one tree and depth differ ("value", "results[1].visited"), at most 5 named. */
function differingFields(stored: ResultLine, again: ResultLine): string {
  const out: string[] = [];
  const s = stored as unknown as Record<string, unknown>;
  const a = again as unknown as Record<string, unknown>;
  for (const k of new Set([...Object.keys(s), ...Object.keys(a)])) {
    if (k === 'results') continue;
    if (orderedJson(s[k]) !== orderedJson(a[k])) out.push(`${k} ${orderedJson(s[k])} stored, ${orderedJson(a[k])} now`);
  }
  const n = Math.max(stored.results.length, again.results.length);
  for (let i = 0; i < n; i++) {
    const rs = (stored.results[i] ?? {}) as unknown as Record<string, unknown>;
    const ra = (again.results[i] ?? {}) as unknown as Record<string, unknown>;
    for (const k of new Set([...Object.keys(rs), ...Object.keys(ra)])) {
      if (orderedJson(rs[k]) !== orderedJson(ra[k]))
        out.push(`results[${i}].${k} ${orderedJson(rs[k])} stored, ${orderedJson(ra[k])} now`);
    }
  }
  return out.length > 5 ? `${out.slice(0, 5).join('; ')}; and ${out.length - 5} more` : out.join('; ');
}

/** A line computed for a (tree, depth) whose stored line has other numbers. */
class LineConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LineConflictError';
  }
}

export class StoredLines {
  private readonly byKey = new Map<string, { line: ResultLine; text: string }>();

  /** The lines a store holds, in the order stored (of two at one tree and depth the later counts, as readers take it). */
  constructor(lines: Iterable<ResultLine> = []) {
    for (const line of lines) this.add(line);
  }

  /**
   * Whether `line` is still to be stored: true for a (tree, depth) not stored yet (the caller stores
   * it, then calls `add`), false for the stored line computed again (nothing to store). A line with
   * other numbers than the stored one throws a LineConflictError naming `where`, the tree, the depth
   * and the fields that differ; the stored line stays the one counted.
   */
  isNew(line: ResultLine, where: string): boolean {
    const stored = this.byKey.get(keyOf(line));
    if (stored === undefined) return true;
    if (stored.text === orderedJson(line)) return false;
    throw new LineConflictError(
      `${where} holds tree ${line.tree} depth ${line.depth} already, and this run computed it with other numbers (${differingFields(stored.line, line)}): the stored line is kept, the new one not stored`,
    );
  }

  /** Count `line` as stored (after the store wrote it). */
  add(line: ResultLine): void {
    this.byKey.set(keyOf(line), { line, text: orderedJson(line) });
  }
}

/**
 * "did you mean …" for a misspelt name (a field, an axis, a series id): the closest of the names that
 * are allowed, by edit distance (Damerau–Levenshtein, optimal string alignment, so a swap of two letters
 * counts once), offered only when it is close enough to be a typo rather than another word.
 */

/** Edit distance: insertions, deletions, substitutions and swaps of adjacent characters, each 1. */
export function editDistance(a: string, b: string): number {
  const m = a.length,
    n = b.length;
  // Three rows suffice for the swap rule (it looks two rows back).
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}

/**
 * Edits a word of `length` characters may be away from a name to be offered: two (a letter dropped at
 * one end and added at the other, "idthw" for "width", is two), three from nine characters on (a third
 * of the word); a word of two or three characters one, and a single character none, since one or two
 * edits turn a short word into any other short word.
 */
function editLimit(length: number): number {
  if (length <= 1) return 0;
  if (length <= 3) return 1;
  return Math.max(2, Math.min(3, Math.floor(length / 3)));
}

/**
 * The allowed name closest to `word`, when within `editLimit` edits (case ignored), else undefined. Ties
 * go to the earlier candidate.
 */
export function closestName(word: string, candidates: readonly string[]): string | undefined {
  if (word.length > 200) return undefined;
  const w = word.toLowerCase();
  const limit = editLimit(w.length);
  let best: string | undefined;
  let bestD = limit + 1;
  for (const c of candidates) {
    if (Math.abs(c.length - w.length) > limit) continue;
    const d = editDistance(w, c.toLowerCase());
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

/** ` (did you mean "trees"?)` when a candidate is close, else "". */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const c = closestName(word, candidates);
  return c === undefined ? '' : ` (did you mean "${c}"?)`;
}

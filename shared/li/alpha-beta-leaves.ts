/**
 * Li thesis Ch. 4 §4-6 and Tables 4.1-4.3: expected number of leaves ("terminal nodes visited")
 * examined by Knuth-Moore alpha-beta F1/F2 with the tight window [0, 1] on a bi-valued binary
 * node-dependent tree of height 2k with a Max root. W_k (L_k) is the expectation for a win (loss)
 * root; N_k = p0·W_k + (1−p0)·L_k.
 *
 * Recurrence (4.3), from Lemma 4.3 (with window [0, 1] the second child is searched iff the first
 * did not settle the node) over the two plies below a node:
 *   W_k = (2 + ¼(1−f1)(1−f2))·W_{k−1} + ½(1−f1)·L_{k−1},   L_k = 2·L_{k−1} + (1−f2)·W_{k−1},
 *   W_0 = L_0 = 1.
 * Closed form (§4 and the appendix), u = (1−f1)(1−f2), s = √(u² + 32u):
 *   x_{1,2} = (16 + u ± s)/8,  W_k = A·x1^k + B·x2^k,  L_k = A1·x1^k + B1·x2^k,
 *   A, B = ½ ± (1−f1)(5−f2)/(2s),   A1, B1 = ½ ± (1−f2)(7+f1)/(2s)  (from L_0 = 1, L_1 = 3 − f2).
 * Special cases: f1 = 1: W_k = 2^k, L_k = 2^k(1 + k(1−f2)/2); f2 = 1: L_k = 2^k, W_k = 2^k(1 + k(1−f1)/4).
 *
 * Erratum (printed mode): the thesis prints A1, B1 = ½ ± (1−f1)(7+f2)/(2s), and Tables 4.1-4.3 were
 * computed with it. Table 4.3 also has one typo (row 0.935/0.900, N_6 printed 73.540).
 */
import { checkInt, checkProbability } from '../util/range.ts';
import type { LiMode, LiTableResult } from './li-table.ts';
import { PRINTED_TABLES } from './thesis-tables.ts';

export type LeavesCoefficient = 'recurrence' | 'printed';

function check(f1: number, f2: number, k: number): void {
  checkProbability('f1', f1);
  checkProbability('f2', f2);
  checkInt('k', k, 0, 1000);
}

/** W_k and L_k by the recurrence (4.3). */
export function leavesRecurrence(f1: number, f2: number, k: number): { W: number; L: number } {
  check(f1, f2, k);
  const a = 2 + 0.25 * (1 - f1) * (1 - f2);
  const b = 0.5 * (1 - f1);
  let W = 1;
  let L = 1;
  for (let i = 0; i < k; i++) {
    const w = a * W + b * L;
    L = 2 * L + (1 - f2) * W;
    W = w;
  }
  return { W, L };
}

/**
 * W_k and L_k by the closed form; `coefficient` 'recurrence' uses (1−f2)(7+f1) in A1/B1 (what (4.3)
 * gives), 'printed' the thesis's (1−f1)(7+f2). f1 = 1 or f2 = 1 use the thesis's special-case formulas
 * (which are right), where s = 0 makes the general form undefined.
 */
export function leavesClosedForm(
  f1: number,
  f2: number,
  k: number,
  coefficient: LeavesCoefficient = 'recurrence',
): { W: number; L: number } {
  check(f1, f2, k);
  const p = 2 ** k;
  if (f1 === 1) return { W: p, L: p * (1 + (k * (1 - f2)) / 2) };
  if (f2 === 1) return { W: p * (1 + (k * (1 - f1)) / 4), L: p };
  const u = (1 - f1) * (1 - f2);
  const s = Math.sqrt(u * u + 32 * u);
  const x1 = (16 + u + s) / 8;
  const x2 = (16 + u - s) / 8;
  const a = ((1 - f1) * (5 - f2)) / (2 * s);
  const c = (coefficient === 'recurrence' ? (1 - f2) * (7 + f1) : (1 - f1) * (7 + f2)) / (2 * s);
  const y1 = x1 ** k;
  const y2 = x2 ** k;
  return { W: (0.5 + a) * y1 + (0.5 - a) * y2, L: (0.5 + c) * y1 + (0.5 - c) * y2 };
}

/** N_k = p0·W_k + (1−p0)·L_k. */
export function expectedLeaves(p0: number, wl: { W: number; L: number }): number {
  checkProbability('p0', p0);
  return p0 * wl.W + (1 - p0) * wl.L;
}

/**
 * Lemma 4.4: the fewest leaves alpha-beta with window [0, 1] can examine in a bi-valued uniform tree
 * of degree n and height h with a Max root, for a win root (w) and a loss root (l), by the lemma's
 * recurrences (Max: w_h = w_{h−1}, l_h = n·l_{h−1}; Min: l_h = l_{h−1}, w_h = n·w_{h−1}).
 * min(w, l) = n^⌊h/2⌋. (The lemma's closing sentence swaps w and l for odd h: with a Max root a win
 * needs one child, a loss all of them.)
 */
export function lemma44(n: number, h: number): { w: number; l: number; min: number } {
  checkInt('n', n, 1, 1000);
  checkInt('h', h, 0, 60);
  let w = 1;
  let l = 1;
  // Build bottom-up: the node at height t is a Max node iff h − t is even (Max root at height h).
  for (let t = 1; t <= h; t++) {
    if ((h - t) % 2 === 0) l *= n;
    else w *= n;
  }
  return { w, l, min: Math.min(w, l) };
}

const KS = [6, 7, 8, 9, 10];

/** Tables 4.1-4.3: N_6..N_10 per printed row (f1, f2, p0 exactly as printed). */
export function table4x(table: '4.1' | '4.2' | '4.3', mode: LiMode): LiTableResult {
  const printed = PRINTED_TABLES[table];
  const rows = printed.rows.map(({ p0, f1, f2 }) => {
    const P0 = p0!;
    if (mode === 'corrected') {
      return {
        p0: P0,
        f1,
        f2,
        values: KS.map((k) => expectedLeaves(P0, leavesRecurrence(f1, f2, k))),
        closedForm: KS.map((k) => expectedLeaves(P0, leavesClosedForm(f1, f2, k, 'recurrence'))),
      };
    }
    return { p0: P0, f1, f2, values: KS.map((k) => expectedLeaves(P0, leavesClosedForm(f1, f2, k, 'printed'))) };
  });
  const errata =
    mode === 'printed'
      ? [
          'Tables 4.1-4.3 use the closed form with A1, B1 = ½ ± (1−f1)(7+f2)/(2s); the recurrence (4.3) with L_0 = 1, L_1 = 3 − f2 gives ½ ± (1−f2)(7+f1)/(2s)',
        ]
      : [];
  if (mode === 'printed' && table === '4.3') {
    errata.push(
      'Table 4.3, row f1 = 0.935, f2 = 0.900, N_6: printed 73.540, the printed computation gives 73.640 (a typo)',
    );
  }
  return {
    table,
    mode,
    title: `Table ${table}: expected leaves N_k visited by alpha-beta with window [0, 1], p0 = ${printed.rows[0].p0}`,
    columns: KS.map((k) => `N_${k}`),
    rows,
    errata,
    notes: [
      'p0, f1, f2 exactly as printed (3 decimals; p0 as in the title)',
      'leaves = terminal nodes examined by Knuth-Moore F1/F2 called as F1(root, 0, 1) (Lemma 4.3)',
      mode === 'corrected'
        ? 'values by the recurrence (4.3); closedForm by the closed form with the coefficient (1−f2)(7+f1)'
        : 'values by the printed closed form',
    ],
    printed,
  };
}

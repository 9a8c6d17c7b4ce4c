/**
 * Li thesis Ch. 3 §4 and Tables 3.1-3.3: the probability D(d, h) of a correct decision at a node of
 * height h of a D-game searched to depth d with the piece-counting evaluation ψ (number of win leaves
 * below a node) and random tie-breaking.
 *
 * Heights count from the leaves (height 0); Max makes the last move, so Max nodes have odd heights and
 * Min nodes even ones. Given one child a win and the other a loss (the only case where the move
 * matters), D(d, h) = Pr[e_{d−1}(win) > e_{d−1}(loss)] + ½·Pr[=], which the thesis writes with the
 * tails mw(i, d, h) = Pr[e_d ≥ i | win], ml(i, d, h) = Pr[e_d ≥ i | loss] as
 *   D(d, h) = Σ_j ½(mw(j) + mw(j+1))·(ml(j) − ml(j+1)),   all at (d−1, h−1).
 * §4.1: ψ's distributions by convolution — Max node: win = f1·W*W + (1−f1)·W*L, loss = L*L;
 * Min node: loss = f2·L*L + (1−f2)·W*L, win = W*W; leaves: ψ = 1 for a win, 0 for a loss.
 * §4.2: back-ups of the tails — Min node (h even): mw' = mw², ml' = ml²f2 + ml·mw(1−f2);
 * Max node (h odd): mw' = 1 − ((1−mw)²f1 + (1−ml)(1−mw)(1−f1)), ml' = 1 − (1−ml)².
 *
 * Erratum (printed mode): the printed rows d ≥ 3 of Tables 3.1/3.2 and d ≥ 2 of Table 3.3 follow when
 * the Min-node back-up is applied at the Max levels too ('min-everywhere').
 */
import { checkInt, checkProbability } from '../util/range.ts';
import type { LiMode, LiTableResult } from './li-table.ts';
import { PRINTED_TABLES } from './thesis-tables.ts';

export type DecisionBackup = 'minimax' | 'min-everywhere';

export const MAX_DECISION_HEIGHT = 20;

/** Distributions of ψ at heights 0..H: win[h][i] = Pr[ψ = i | height h, win], likewise loss. */
export function utilityDistributions(f1: number, f2: number, H: number): { win: Float64Array[]; loss: Float64Array[] } {
  checkProbability('f1', f1);
  checkProbability('f2', f2);
  checkInt('h', H, 0, MAX_DECISION_HEIGHT);
  const win: Float64Array[] = [Float64Array.of(0, 1)];
  const loss: Float64Array[] = [Float64Array.of(1, 0)];
  for (let h = 1; h <= H; h++) {
    const W = win[h - 1];
    const L = loss[h - 1];
    const ww = convolve(W, W);
    const wl = convolve(W, L);
    const ll = convolve(L, L);
    // Max node (odd height): a win splits by f1; Min node (even): a loss splits by f2.
    if (h % 2 === 1) for (let i = 0; i < ww.length; i++) ww[i] = f1 * ww[i] + (1 - f1) * wl[i];
    else for (let i = 0; i < ll.length; i++) ll[i] = f2 * ll[i] + (1 - f2) * wl[i];
    win.push(ww);
    loss.push(ll);
  }
  return { win, loss };
}

function convolve(a: Float64Array, b: Float64Array): Float64Array {
  const r = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (x === 0) continue;
    for (let j = 0; j < b.length; j++) r[i + j] += x * b[j];
  }
  return r;
}

/** Upper tails: t[i] = Pr[X ≥ i] for i = 0..n (t[n] = 0 past the support). */
function tail(p: Float64Array): Float64Array {
  const t = new Float64Array(p.length + 1);
  for (let i = p.length - 1; i >= 0; i--) t[i] = t[i + 1] + p[i];
  return t;
}

/**
 * D(1..h, h) for one (f1, f2): index d−1 holds D(d, h). `backup` 'minimax' is the thesis's model;
 * 'min-everywhere' reproduces the printed tables.
 */
export function correctDecision(f1: number, f2: number, h: number, backup: DecisionBackup = 'minimax'): number[] {
  checkInt('h', h, 1, MAX_DECISION_HEIGHT);
  if (backup !== 'minimax' && backup !== 'min-everywhere') {
    throw new RangeError(`backup = ${String(backup)} is not allowed: use minimax or min-everywhere`);
  }
  const { win, loss } = utilityDistributions(f1, f2, h - 1);
  const out: number[] = [];
  for (let d = 1; d <= h; d++) {
    // Children have height h−1; their depth-(d−1) values are ψ at height h−d backed up d−1 levels.
    const frontier = h - d;
    const mw = tail(win[frontier]);
    const ml = tail(loss[frontier]);
    const n = mw.length;
    for (let ht = frontier + 1; ht <= h - 1; ht++) {
      const maxLevel = ht % 2 === 1 && backup === 'minimax';
      for (let i = 0; i < n; i++) {
        const w = mw[i];
        const l = ml[i];
        if (maxLevel) {
          mw[i] = 1 - ((1 - w) * (1 - w) * f1 + (1 - l) * (1 - w) * (1 - f1));
          ml[i] = 1 - (1 - l) * (1 - l);
        } else {
          mw[i] = w * w;
          ml[i] = l * l * f2 + l * w * (1 - f2);
        }
      }
    }
    let D = 0;
    for (let j = 0; j + 1 < n; j++) D += 0.5 * (mw[j] + mw[j + 1]) * (ml[j] - ml[j + 1]);
    out.push(D);
  }
  return out;
}

/**
 * The thesis's pathology sum: Σ over d ≥ 2 of D(d−1, h) − D(d, h) where that is positive. With
 * `digits`, the D values are first rounded to that many decimals (how the printed PS rows were summed).
 */
export function pathologySum(D: readonly number[], digits?: number): number {
  const scale = digits === undefined ? 1 : 10 ** digits;
  const r = digits === undefined ? D : D.map((x) => Math.round(x * scale) / scale);
  let s = 0;
  for (let d = 1; d < r.length; d++) if (r[d - 1] > r[d]) s += r[d - 1] - r[d];
  return digits === undefined ? s : Math.round(s * scale) / scale;
}

const HEIGHTS = { '3.1': 9, '3.2': 9, '3.3': 10 } as const;
const TITLES = {
  '3.1': 'Table 3.1: probability D(d, 9) of a correct decision, f1 = f2 = i/10',
  '3.2': 'Table 3.2: probability D(d, 9) of a correct decision, f1 = i/10, f2 = 1 − f1',
  '3.3': 'Table 3.3: probability D(d, 10) of a correct decision, the 21 stationary p0 = 0.5 pairs',
} as const;

/** Tables 3.1-3.3: one row per printed column, values D(1..h, h), ps its pathology sum. */
export function table3x(table: '3.1' | '3.2' | '3.3', mode: LiMode): LiTableResult {
  const h = HEIGHTS[table];
  const printed = PRINTED_TABLES[table];
  const backup: DecisionBackup = mode === 'corrected' ? 'minimax' : 'min-everywhere';
  const rows = printed.rows.map(({ f1, f2 }) => {
    const values = correctDecision(f1, f2, h, backup);
    return { f1, f2, values, ps: mode === 'corrected' ? pathologySum(values) : pathologySum(values, printed.digits) };
  });
  const first = table === '3.3' ? 2 : 3;
  return {
    table,
    mode,
    title: TITLES[table],
    columns: Array.from({ length: h }, (_, i) => `D(${i + 1},${h})`),
    rows,
    errata:
      mode === 'printed'
        ? [
            `Table ${table}: rows d ≥ ${first} were computed with the Min-node back-up (mw' = mw², ml' = ml²f2 + ml·mw(1−f2)) at the Max levels (odd heights) too, instead of mw' = 1 − ((1−mw)²f1 + (1−ml)(1−mw)(1−f1)), ml' = 1 − (1−ml)²`,
            `Table ${table}: the PS row sums the drops of D rounded to 3 decimals (full-precision sums differ by up to 0.0011)`,
          ]
        : [],
    notes: [
      table === '3.3'
        ? 'f1, f2 as printed to 3 decimals (the third block, missing from the OCR, takes the p0 = 0.5 pairs of Table 4.2); D does not depend on p0'
        : 'f1, f2 exact tenths; D does not depend on p0',
      'ψ = number of win leaves below a node; ties broken at random (½); PS = Σ_{d ≥ 2} max(0, D(d−1) − D(d))',
    ],
    printed,
  };
}

/**
 * The experiment of Li 1989, Ch. 5 §6 (Tables 5.1-5.3): for d = 5..8 and n = 4..7, `trees`
 * (d, n)-random trees (./dn-random-tree.ts, domain bound i = 6) per cell; per tree the number of
 * terminal nodes (Table 5.1), the terminal nodes visited by P_AB(root, −6, 6) (Table 5.2) and by
 * R_AB (the same leaves, as §6 says; counted separately and checked), and by the informed P_AB of
 * §5.2 (not in the thesis). Efficiency = 1 − Σvisited/Σterminals (Table 5.3's ratio of totals),
 * with a 95 % interval for the ratio by the delta method, and truncated to two decimals as printed.
 *
 * The thesis used ten trees per cell from unknown seeds with an unknown generator, so its exact
 * numbers cannot be reproduced: the comparison is of per-tree means (printed total / 10 against our
 * interval) and of the trend the thesis states (efficiency grows with n and with d).
 */
import { RunningMean, type MeanEstimate } from '../monte-carlo.ts';
import { DnRandomTree, THESIS_DOMAIN } from './dn-random-tree.ts';
import { countTerminals } from './full-backup.ts';
import { ProbabilityAlphaBeta } from './p-ab.ts';
import { RangeAlphaBeta } from './r-ab.ts';
import {
  LI5_DEPTHS,
  LI5_THESIS_TREES,
  LI5_WIDTHS,
  PRINTED_TABLE_5_1,
  PRINTED_TABLE_5_2,
  PRINTED_TABLE_5_3,
  truncatedEfficiency,
} from './thesis-tables.ts';

export const LI5_MAX_TREES = 100_000;

interface RatioEstimate {
  /** 1 − Σvisited/Σterminals */
  value: number;
  lo: number;
  hi: number;
  /** `value` truncated to two decimals, as Table 5.3 prints it */
  truncated: number;
}

export interface Li5Cell {
  d: number;
  n: number;
  terminals: MeanEstimate;
  pab: MeanEstimate;
  rab: MeanEstimate;
  informed: MeanEstimate;
  efficiency: RatioEstimate;
  informedEfficiency: RatioEstimate;
  /** trees where P_AB and R_AB visited different numbers of terminals (expected 0) */
  pabRabMismatches: number;
  printed: {
    /** Tables 5.1 and 5.2 (totals over ten trees) and 5.3 */
    terminals: number | null;
    visited: number | null;
    efficiency: number | null;
    /** printed total / 10: comparable with the per-tree means */
    terminalsPerTree: number | null;
    visitedPerTree: number | null;
    /** whether printed/10 lies in our 95 % interval of the mean (the thesis's own 10-tree mean is noisy) */
    terminalsInInterval: boolean | null;
    visitedInInterval: boolean | null;
  };
}

export interface Li5Result {
  table: '5';
  title: string;
  trees: number;
  seed: number;
  domain: number;
  depths: number[];
  widths: number[];
  cells: Li5Cell[];
  trends: {
    /** pairs of neighbouring cells (n → n+1 in a row, d → d+1 in a column) where efficiency grows */
    ours: { widthIncreasing: number; depthIncreasing: number; pairs: number };
    printed: { widthIncreasing: number; depthIncreasing: number; pairs: number };
  };
  notes: string[];
}

/** Tree index of tree k of cell (d, n): cells use disjoint streams of one seed. */
export function li5TreeIndex(d: number, n: number, k: number): number {
  return (d * 64 + n) * 2 ** 20 + k;
}

class RatioAccumulator {
  // Running sums for the delta-method ratio.
  private n = 0;
  private sx = 0;
  private sy = 0;
  private sxx = 0;
  private syy = 0;
  private sxy = 0;

  add(visited: number, terminals: number): void {
    this.n++;
    this.sx += visited;
    this.sy += terminals;
    this.sxx += visited * visited;
    this.syy += terminals * terminals;
    this.sxy += visited * terminals;
  }

  /** 1 − R with R = Σx/Σy; se(R) from the residuals x − R·y (delta method). */
  estimate(): RatioEstimate {
    const R = this.sx / this.sy;
    const n = this.n;
    const ybar = this.sy / n;
    const ss = Math.max(0, this.sxx - 2 * R * this.sxy + R * R * this.syy);
    const se = n > 1 ? Math.sqrt(ss / (n * (n - 1))) / ybar : Number.NaN;
    const value = 1 - R;
    return { value, lo: value - 1.96 * se, hi: value + 1.96 * se, truncated: truncatedEfficiency(this.sx, this.sy) };
  }
}

export function li5Cell(d: number, n: number, trees: number, seed: number): Li5Cell {
  const T = new RunningMean();
  const P = new RunningMean();
  const Rm = new RunningMean();
  const I = new RunningMean();
  const eff = new RatioAccumulator();
  const effI = new RatioAccumulator();
  let mismatches = 0;
  for (let k = 0; k < trees; k++) {
    const tree = new DnRandomTree({ d, n, i: THESIS_DOMAIN, seed, tree: li5TreeIndex(d, n, k) });
    const terminals = countTerminals(tree);
    const pab = new ProbabilityAlphaBeta(tree).run().leaves;
    const rab = new RangeAlphaBeta(tree).run().leaves;
    const inf = new ProbabilityAlphaBeta(tree, { informed: true }).run().leaves;
    if (pab !== rab) mismatches++;
    T.add(terminals);
    P.add(pab);
    Rm.add(rab);
    I.add(inf);
    eff.add(pab, terminals);
    effI.add(inf, terminals);
  }
  const r = LI5_DEPTHS.indexOf(d as (typeof LI5_DEPTHS)[number]);
  const c = LI5_WIDTHS.indexOf(n as (typeof LI5_WIDTHS)[number]);
  const pr = (g: (number | null)[][]) => (r >= 0 && c >= 0 ? g[r][c] : null);
  const terminals = T.estimate();
  const pab = P.estimate();
  const pt = pr(PRINTED_TABLE_5_1);
  const pv = pr(PRINTED_TABLE_5_2);
  const inside = (m: MeanEstimate, x: number | null) => (x === null ? null : m.lo <= x && x <= m.hi);
  return {
    d,
    n,
    terminals,
    pab,
    rab: Rm.estimate(),
    informed: I.estimate(),
    efficiency: eff.estimate(),
    informedEfficiency: effI.estimate(),
    pabRabMismatches: mismatches,
    printed: {
      terminals: pt,
      visited: pv,
      efficiency: pr(PRINTED_TABLE_5_3),
      terminalsPerTree: pt === null ? null : pt / LI5_THESIS_TREES,
      visitedPerTree: pv === null ? null : pv / LI5_THESIS_TREES,
      terminalsInInterval: inside(terminals, pt === null ? null : pt / LI5_THESIS_TREES),
      visitedInInterval: inside(pab, pv === null ? null : pv / LI5_THESIS_TREES),
    },
  };
}

function trends(eff: (d: number, n: number) => number | null, depths: readonly number[], widths: readonly number[]) {
  let w = 0;
  let dd = 0;
  let pairs = 0;
  for (const d of depths) {
    for (let c = 0; c + 1 < widths.length; c++) {
      const a = eff(d, widths[c]);
      const b = eff(d, widths[c + 1]);
      if (a === null || b === null) continue;
      pairs++;
      if (b > a) w++;
    }
  }
  for (const n of widths) {
    for (let r = 0; r + 1 < depths.length; r++) {
      const a = eff(depths[r], n);
      const b = eff(depths[r + 1], n);
      if (a === null || b === null) continue;
      pairs++;
      if (b > a) dd++;
    }
  }
  return { widthIncreasing: w, depthIncreasing: dd, pairs };
}

/** The (d, n) grid of Tables 5.1-5.3; `progress` is called after each cell. */
export function reproduceLi5(
  trees: number,
  seed = 1,
  progress?: (done: number, total: number) => void,
  depths: readonly number[] = LI5_DEPTHS,
  widths: readonly number[] = LI5_WIDTHS,
): Li5Result {
  if (!Number.isInteger(trees) || trees < 2 || trees > LI5_MAX_TREES)
    throw new RangeError(`trees = ${trees} is not allowed: it must be an integer in [2..${LI5_MAX_TREES}]`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed = ${seed} is not allowed: it must be a safe integer`);
  const cells: Li5Cell[] = [];
  const total = depths.length * widths.length;
  for (const d of depths) {
    for (const n of widths) {
      cells.push(li5Cell(d, n, trees, seed));
      progress?.(cells.length, total);
    }
  }
  const at = (d: number, n: number) => cells.find((c) => c.d === d && c.n === n)!;
  return {
    table: '5',
    title:
      'Tables 5.1-5.3: terminal nodes of (d, n)-random trees, terminals visited by P_AB (= R_AB), efficiency 1 − T5.2/T5.1',
    trees,
    seed,
    domain: THESIS_DOMAIN,
    depths: [...depths],
    widths: [...widths],
    cells,
    trends: {
      ours: trends((d, n) => at(d, n).efficiency.value, depths, widths),
      printed: trends(
        (d, n) => {
          const r = LI5_DEPTHS.indexOf(d as (typeof LI5_DEPTHS)[number]);
          const c = LI5_WIDTHS.indexOf(n as (typeof LI5_WIDTHS)[number]);
          return r >= 0 && c >= 0 ? PRINTED_TABLE_5_3[r][c] : null;
        },
        depths,
        widths,
      ),
    },
    notes: [
      'per cell: mean per tree with a 95 % interval (mean ± 1.96 se); the thesis prints totals over ten trees (printed.*PerTree = total/10)',
      "efficiency = 1 − Σvisited/Σterminals over the cell's trees (interval by the delta method); truncated = two decimals, truncated as Table 5.3 prints it",
      '(d, n)-random trees: 1..n−1 successors per node (uniform), leaves at depth d, bounds generated top-down consistent with the range back-up, domain [−6, 6] (see dn-random-tree.ts for how the OCR was read)',
      'P_AB = Algorithm 5.1 from the root with window [−6, 6]; R_AB visits the same terminals (pabRabMismatches counts trees where it did not); informed = statements 3.1-3.4 with the generated interior bounds (not in the thesis)',
      'the thesis used ten trees per cell from unknown seeds and an unknown generator: its exact numbers are not reproducible, only their trend and order of magnitude',
    ],
  };
}

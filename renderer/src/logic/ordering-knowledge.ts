/**
 * What each series' move ordering knew of the children of one node, in the tree viewer's words
 * (Furtak & Buro 2009, Sec. 8: V_i from the previous pass, else random or an estimate; S_i the
 * child's out-degree where known, else a stand-in): per child and series, V_i and where it came from,
 * S_i and whether it is the child's own, the key the ordering computed, and the place in which that
 * call searched the child. Read from the columns a trace keeps on each child for its parent's last
 * ordering in the final pass (shared/trace/trace-tree.ts).
 */
import { SIZE_KNOWN, SIZE_UNKNOWN_LAST, VALUE_RANDOM, VALUE_SEARCHED } from '../../../shared/search/search-context.ts';
import {
  KNOWN_SIZE_READ,
  KNOWN_TT_FIRST,
  KNOWN_VALUE_READ,
  ORDERED,
  type TraceTree,
} from '../../../shared/trace/trace-tree.ts';
import { num } from './trace-view.ts';

interface OrderingCell {
  /** V_i: its value ("searched before"), "est. v", "random", or "–" where the ordering does not read it */
  value: string;
  /** S_i: the child's own, "stand-in s", "unknown" (put after the known), or "–" where the ordering does not read it */
  size: string;
  /**
   * the key; for a child valued at random, "random (rank k)": its place among the children valued at
   * random (whose keys are random numbers near −10^8 that say nothing else); "last" for a child the
   * `last` stand-in put after every child of known size
   */
  key: string;
  /** 1, 2, …; "1, stored move" for the transposition table's move; "–": not searched in that call */
  order: string;
}

export interface OrderingTable {
  /** per series: its label, and whether it ordered these children in the final pass */
  series: { label: string; ordered: boolean }[];
  /** per child in natural move order: its 1-based move and one cell per series */
  rows: { move: number; cells: OrderingCell[] }[];
}

const NONE: OrderingCell = { value: '–', size: '–', key: '–', order: '–' };

/**
 * A key for people. Random values sit near −10^8 with the random part in the fraction, which orders the
 * never-searched children: large keys keep 12 digits; FCF's constants (10^12 and beyond) go to exponent form.
 */
export function keyWords(x: number): string {
  if (x === SIZE_UNKNOWN_LAST) return 'last';
  if (Math.abs(x) >= 1e15) return x.toExponential(3);
  return Math.abs(x) >= 1e6 ? String(Number(x.toPrecision(12))) : num(x);
}

/** Whether the ordering read a random V_i for a child (it had not been searched before). */
const randomValue = (bits: number) =>
  (bits & KNOWN_VALUE_READ) !== 0 && (bits & VALUE_SEARCHED) === 0 && (bits & VALUE_RANDOM) !== 0;

function orderingCell(
  bits: number,
  value: number,
  size: number,
  key: number,
  rank: number,
  randomRank: number,
): OrderingCell {
  let v = '–';
  if ((bits & KNOWN_VALUE_READ) !== 0)
    v = (bits & VALUE_SEARCHED) !== 0 ? num(value) : (bits & VALUE_RANDOM) !== 0 ? 'random' : `est. ${num(value)}`;
  let s = '–';
  if ((bits & KNOWN_SIZE_READ) !== 0)
    s = (bits & SIZE_KNOWN) !== 0 ? num(size) : key === SIZE_UNKNOWN_LAST ? 'unknown' : `stand-in ${num(size)}`;
  const order = rank === 0 ? '–' : (bits & KNOWN_TT_FIRST) !== 0 ? `${rank}, stored move` : String(rank);
  const k = randomValue(bits) && key !== SIZE_UNKNOWN_LAST ? `random (rank ${randomRank})` : keyWords(key);
  return { value: v, size: s, key: k, order };
}

/** Per child in [f, f + n): its place (1 = highest key) among the children valued at random, else 0. */
function randomRanks(known: ArrayLike<number>, key: ArrayLike<number>, f: number, n: number): number[] {
  const random = Array.from({ length: n }, (_, i) => i).filter((i) => randomValue(known[f + i]));
  random.sort((i, j) => key[f + j] - key[f + i]);
  const ranks = new Array<number>(n).fill(0);
  random.forEach((i, r) => {
    ranks[i] = r + 1;
  });
  return ranks;
}

/** The table at v, or null where no series ordered v's children in the final pass (or the trace holds none). */
export function orderingTable(t: TraceTree, v: number): OrderingTable | null {
  const f = t.first[v];
  if (f < 0) return null;
  const n = t.degree[v];
  const series = t.series.map((s) => ({ label: s.label, ordered: (s.known[f] & ORDERED) !== 0 }));
  if (!series.some((s) => s.ordered)) return null;
  const ranks = t.series.map((s) => randomRanks(s.known, s.key, f, n));
  const rows = [];
  for (let i = 0; i < n; i++) {
    const c = f + i;
    rows.push({
      move: i + 1,
      cells: t.series.map((s, k) =>
        series[k].ordered
          ? orderingCell(s.known[c], s.childValue[c], s.childSize[c], s.key[c], s.rank[c], ranks[k][i])
          : NONE,
      ),
    });
  }
  return { series, rows };
}

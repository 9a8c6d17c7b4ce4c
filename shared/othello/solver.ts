/**
 * Exact Othello endgame solving with the workbench's own searches: any algorithm of the registry
 * (../search/registry.ts) runs at full depth (2·empties plies, so every line reaches the end of the
 * game) on the `OthelloGame` cursor with a transposition table, under one of the move orderings:
 *
 *  - natural         legal moves by square, A1 first;
 *  - value           best static estimate first (mobility difference + 8·corners, ./othello-game.ts);
 *  - fastest-first   fewest replies for the opponent first (Furtak & Buro 2009, Sec. 6, the Othello
 *                    community's form; ../search/ordering/fastest-first.ts);
 *  - fcf             the paper's weighted key wV·V_i − wR·s_i/P_i − wS·s_i (Sec. 8) with the weights
 *                    `FCF_DEFAULT` below; any other spec of ../search/ordering/parse-ordering.ts works too.
 *
 * Strong solving gives the exact final disc differential. Weak solving (`weak`) only decides win, draw
 * or loss with windows around 0: alpha-beta and NegaScout search (−1, 1) once; the memory-based
 * searches (MTD(f), MT-SSS*) run as null-window tests, β = 1 and then, if that fails low, β = 0.
 *
 * With `endgame` switches it runs the solve mode instead (./endgame-solver.ts: its own search with the
 * parts endgame solvers use; the experiments never do).
 *
 * The best move: alpha-beta and NegaScout search the root with a window that contains the value, so
 * the root's best child is a best move. An MT search's last pass may fail low, whose root "best" child
 * is only the one with the highest upper bound; there the move is checked with one null-window search
 * per candidate (the reported one first) on the warm table, counted apart (`moveNodes`).
 */
import { alphaBeta } from '../search/alpha-beta.ts';
import { newCounters, type Counters } from '../search/counters.ts';
import { negaScout } from '../search/negascout.ts';
import type { MoveOrdering } from '../search/ordering/move-ordering.ts';
import { parseOrdering } from '../search/ordering/parse-ordering.ts';
import { algorithmDescriptor, ALGORITHMS, type AlgorithmName } from '../search/registry.ts';
import { TranspositionTable } from '../search/transposition-table.ts';
import {
  ENDGAME_ALGORITHMS,
  type EndgameAlgorithm,
  type EndgameSwitches,
  type EndgameTable,
  solveEndgame,
} from './endgame-solver.ts';
import { OthelloGame, PASS } from './othello-game.ts';
import { squareName } from './bitboard.ts';
import type { OthelloPosition } from './position.ts';
import { quoted } from '../util/quoted.ts';
import { perSecond } from '../util/progress-pace.ts';

/** The orderings by their short names; anything else is a parse-ordering spec. */
export const OTHELLO_ORDERINGS = ['natural', 'value', 'fastest-first', 'fcf'] as const;
/** Weights of the `fcf` ordering: the Fig. 4 weights tuned for alpha-beta on synthetic trees. */
export const FCF_DEFAULT = 'fcf-weighted:1,2,4';

/** The MoveOrdering of a short name or a full spec (RangeError naming the allowed ones). */
export function othelloOrdering(name: string): MoveOrdering {
  switch (name) {
    case 'value':
      return parseOrdering('estimate');
    case 'fcf':
      return parseOrdering(FCF_DEFAULT);
    default:
      try {
        return parseOrdering(name);
      } catch (e) {
        throw new RangeError(
          `ordering ${quoted(name)} is not allowed: use ${OTHELLO_ORDERINGS.join(', ')} or a spec (${(e as Error).message})`,
        );
      }
  }
}

export interface OthelloSolveOptions {
  /** default mtdf */
  algorithm?: AlgorithmName;
  /** a name of OTHELLO_ORDERINGS or an ordering spec (default fastest-first) */
  ordering?: string;
  weak?: boolean;
  /** the transposition table (cleared before the solve); default a fresh 2^22-entry one */
  tt?: TranspositionTable;
  /** stop with a SearchLimitError after this many visited nodes */
  maxNodes?: number;
  /**
   * called every PROGRESS_TICK nodes (../util/progress-pace.ts) with the nodes visited so far, the
   * best-move check's counted on: cheap enough for a caller to pace its progress reports by the clock
   */
  onTick?: (nodes: number) => void;
  /**
   * The solve mode (./endgame-solver.ts) with these switches instead of the generic searches: its own
   * fastest-first ordering (`ordering` must be fastest-first) and table, algorithm mtdf, alphabeta or
   * negascout. Absent: the registry's search on OthelloGame, as the experiments run it.
   */
  endgame?: EndgameSwitches;
  /** the solve mode's table (cleared before the solve); default one of 2^20 buckets kept between solves */
  endgameTable?: EndgameTable;
}

export interface OthelloSolveResult {
  /** exact disc differential for the side to move; weak: 1 win, 0 draw, −1 loss */
  score: number;
  /** the best move's square (0..63), PASS, or -1 when the game is over */
  bestMove: number;
  /** "G8", "pass" or "-" */
  bestMoveName: string;
  /** visited nodes of the search (../search/counters.ts) */
  nodes: number;
  /** nodes of the best-move check of MT searches (0 otherwise) */
  moveNodes: number;
  seconds: number;
  nodesPerSecond: number;
  empties: number;
  algorithm: AlgorithmName;
  ordering: string;
  weak: boolean;
  /** the solve mode's switches, or null for the generic searches */
  endgame: EndgameSwitches | null;
}

/** Solve a position exactly (or weakly) with one search of the registry under one ordering. */
export function solveOthello(position: OthelloPosition, opts: OthelloSolveOptions = {}): OthelloSolveResult {
  const algorithm = opts.algorithm ?? 'mtdf';
  const d = algorithmDescriptor(algorithm);
  const weak = opts.weak === true;
  if (weak && algorithm === 'minimax')
    throw new RangeError(
      `weak solving needs a window: use it with ${ALGORITHMS.filter((a) => a !== 'minimax').join(', ')}`,
    );
  const orderingName = opts.ordering ?? 'fastest-first';
  const ordering = othelloOrdering(orderingName);
  if (opts.endgame !== undefined) return solveMode(position, algorithm, ordering, weak, opts.endgame, opts);
  const tt = opts.tt ?? new TranspositionTable(22);
  tt.clear();
  const game = new OthelloGame(position);
  const depth = game.maxPly;
  const counters = newCounters();
  const t0 = performance.now();
  const tick = opts.onTick;
  if (tick !== undefined) game.onTick = () => tick(counters.visited);
  const search = { ordering, tt, counters, maxVisited: opts.maxNodes ?? Infinity };
  let score: number;
  let best: number;
  let moveNodes = 0;
  if (game.expand() === 0) {
    score = weak ? Math.sign(game.finalScore()) : game.finalScore();
    best = -1;
  } else if (weak) {
    if (algorithm === 'alphabeta' || algorithm === 'negascout') {
      const r = (algorithm === 'alphabeta' ? alphaBeta : negaScout)(game, depth, search, -1, 1);
      score = Math.sign(r.value);
      best = r.bestMove;
    } else {
      let r = alphaBeta(game, depth, search, 0, 1);
      if (r.value < 1) r = alphaBeta(game, depth, search, -1, 0);
      score = r.value >= 1 ? 1 : r.value >= 0 ? 0 : -1;
      best = r.bestMove;
    }
  } else {
    const r = d.search(game, depth, search, 0);
    score = r.value;
    best = r.bestMove;
    if (d.capabilities.needsMemory) {
      const check = newCounters();
      const onTick = tick === undefined ? null : () => tick(counters.visited + check.visited);
      best = checkedBestMove(game, score, best, { ordering, tt, counters: check, onTick });
      moveNodes = check.visited;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  game.onTick = null;
  game.reset();
  let square = -1;
  if (best >= 0) {
    game.expand();
    square = game.childSquare(best);
  }
  return {
    score: score + 0,
    bestMove: square,
    bestMoveName: square < 0 ? '-' : square === PASS ? 'pass' : squareName(square),
    nodes: counters.visited,
    moveNodes,
    seconds,
    nodesPerSecond: perSecond(counters.visited, seconds * 1000),
    empties: game.rootEmpties,
    algorithm,
    ordering: ordering.name,
    weak,
    endgame: null,
  };
}

/** A RangeError unless the solve mode runs `algorithm` and the ordering (a name or spec) is its fastest-first. */
export function checkSolveMode(algorithm: string, ordering: string): void {
  if (!(ENDGAME_ALGORITHMS as readonly string[]).includes(algorithm))
    throw new RangeError(
      `the solve mode runs ${ENDGAME_ALGORITHMS.join(', ')}: algorithm ${quoted(algorithm)} is not allowed with it`,
    );
  if (othelloOrdering(ordering).name !== 'fastest-first')
    throw new RangeError(`the solve mode orders fastest-first: ordering ${quoted(ordering)} is not allowed with it`);
}

/** solveOthello in the solve mode (./endgame-solver.ts). */
function solveMode(
  position: OthelloPosition,
  algorithm: AlgorithmName,
  ordering: MoveOrdering,
  weak: boolean,
  switches: EndgameSwitches,
  opts: OthelloSolveOptions,
): OthelloSolveResult {
  checkSolveMode(algorithm, ordering.name);
  const t0 = performance.now();
  const r = solveEndgame(position, {
    switches,
    algorithm: algorithm as EndgameAlgorithm,
    weak,
    tt: opts.endgameTable,
    maxVisited: opts.maxNodes,
    onTick: opts.onTick,
  });
  const seconds = (performance.now() - t0) / 1000;
  return {
    score: r.score,
    bestMove: r.move,
    bestMoveName: r.move < 0 ? '-' : r.move === PASS ? 'pass' : squareName(r.move),
    nodes: r.nodes,
    moveNodes: r.moveNodes,
    seconds,
    nodesPerSecond: perSecond(r.nodes, seconds * 1000),
    empties: position.empties,
    algorithm,
    ordering: ordering.name,
    weak,
    endgame: switches,
  };
}

/**
 * A root child (natural index) whose value is at least `value` (the root's exact value): the candidate
 * first, then the others, each by a null-window alpha-beta from the child's position with the same table.
 * The MT searches' reported move has been right on every position tried (the previous pass's move is
 * searched first from the table), but nothing guarantees it when that pass failed low.
 */
export function checkedBestMove(
  game: OthelloGame,
  value: number,
  candidate: number,
  opts: { ordering: MoveOrdering; tt: TranspositionTable; counters: Counters; onTick?: (() => void) | null },
): number {
  game.reset();
  const n = game.expand();
  const order =
    candidate >= 0
      ? [candidate, ...Array.from({ length: n }, (_, i) => i).filter((i) => i !== candidate)]
      : Array.from({ length: n }, (_, i) => i);
  for (const i of order) {
    game.reset();
    game.expand();
    game.descend(i);
    const child = new OthelloGame(game.position());
    child.onTick = opts.onTick ?? null;
    // child value ≤ −value ⇔ the move is worth ≥ value
    const r = alphaBeta(child, game.maxPly - 1, opts, -value, -value + 1);
    if (r.value <= -value) return i;
  }
  throw new Error(`no root move reaches the solved value ${value}: the search is inconsistent`);
}

/**
 * The Studies tab's long computations (Li's tables and their Monte-Carlo checks, Tables 5.1-5.3,
 * Connect-Four solving, match play, the pathology experiment), as one message-in, messages-out
 * function: the worker loop (./worker-core.ts) runs it for the run host's study jobs, in a worker of
 * its own (utility process in the app, Web Worker in the browser), and the tests run it directly.
 */
import { reproduceLi5, reproduceLiTable } from '../li/reproduce.ts';
import type { Li5Result } from '../li/chapter5/pruning-efficiency.ts';
import type { LiFigureId, LiTableId, LiTableResult } from '../li/li-table.ts';
import { Position } from '../connect4/position.ts';
import { Solver, type SolveProgress, type Step } from '../connect4/solver.ts';
import { limitLabel, openings, runMatch, type MoveLimit, type Tally } from '../experiments/match-play.ts';
import { runPathology, type PathologyResult, type PathologySpec } from '../experiments/pathology.ts';
import { runMonteCarlo, type McResult, type McTarget } from '../li/monte-carlo-cell.ts';
import { parseObfLine } from '../othello/position.ts';
import { solveOthello, type OthelloSolveResult } from '../othello/solver.ts';
import { tableLine } from '../othello/table-line.ts';
import { TranspositionTable } from '../search/transposition-table.ts';
import type { AlgorithmName } from '../search/registry.ts';

export type StudyRequest =
  | { kind: 'li-table'; table: LiTableId | LiFigureId }
  | { kind: 'li5'; trees: number; seed: number }
  | { kind: 'li-mc'; target: McTarget; trees: number; seed: number }
  | { kind: 'c4'; moves: string; step: Step; weak: boolean }
  /** an Othello position, "BOARD SIDE" or a whole .obf line (its listed move scores are then checked) */
  | { kind: 'othello'; position: string; algorithm: AlgorithmName; ordering: string; weak: boolean }
  | { kind: 'match'; limit: MoveLimit; plies: number; count?: number; seed: number }
  | { kind: 'pathology'; spec: PathologySpec };

export interface C4Result {
  moves: string;
  stones: number;
  score: number;
  visited: number;
  step: Step;
  weak: boolean;
  ms: number;
}
/**
 * An Othello solve (../othello/solver.ts) with the position ("BOARD SIDE"), the principal variation its
 * table holds (../othello/table-line.ts) and, for an .obf line, the file's best score to check against.
 */
export interface OthelloResult extends OthelloSolveResult {
  position: string;
  line: string[];
  expected: number | null;
}
export interface MatchResult {
  tally: Tally;
  openings: string[];
  ms: number;
}

export type StudyResult =
  | { kind: 'li-table'; corrected: LiTableResult; printed: LiTableResult }
  | { kind: 'li5'; result: Li5Result }
  | { kind: 'li-mc'; result: McResult }
  | { kind: 'c4'; result: C4Result }
  | { kind: 'othello'; result: OthelloResult }
  | { kind: 'match'; result: MatchResult }
  | { kind: 'pathology'; result: PathologyResult };

/** What each kind of study is called (History's rows). */
export const STUDY_TITLES: Record<StudyRequest['kind'], string> = {
  'li-table': 'Li table',
  li5: 'Li Tables 5.1–5.3',
  'li-mc': 'Li Monte-Carlo check',
  c4: 'Connect-Four solve',
  othello: 'Othello solve',
  match: 'Match play',
  pathology: 'Pathology',
};

/** Whether a kind of study has a figure (shared/figures/study-figure.ts): the pathology curves. */
export function hasStudyFigure(kind: StudyRequest['kind']): boolean {
  return kind === 'pathology';
}

/**
 * A request's parameters on one line ("Table 4.2"; "uniform trees, degree 2, height 6, flip noise 0.1,
 * 300 trees, seed 1"): History's rows and the provenance line of a study's CSV (../io/study-csv.ts).
 */
export function studyParameters(req: StudyRequest): string {
  switch (req.kind) {
    case 'li-table':
      return req.table.startsWith('fig') ? `Fig. ${req.table.slice(3)}` : `Table ${req.table}`;
    case 'li5':
      return `${req.trees} trees per cell, seed ${req.seed}`;
    case 'li-mc': {
      const t = req.target;
      const params = Object.entries(t.params)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k} = ${v}`)
        .join(', ');
      return `${t.experiment} ${t.quantity} at ${params}, ${req.trees} trees, seed ${req.seed}`;
    }
    case 'c4':
      return `moves ${req.moves === '' ? '(empty board)' : req.moves}, step ${req.step}${req.weak ? ', weak' : ''}`;
    case 'othello':
      return `${req.position.slice(0, 67)}, ${req.algorithm}, ordering ${req.ordering}${req.weak ? ', weak' : ''}`;
    case 'match':
      return `${limitLabel(req.limit)}, ${req.plies} opening ${req.plies === 1 ? 'ply' : 'plies'}, ${req.count === undefined ? 'all openings' : `${req.count} opening${req.count === 1 ? '' : 's'}`}, seed ${req.seed}`;
    case 'pathology': {
      const { model: m, noise, trees, seed, exactLeaves, methods } = req.spec;
      const shape =
        m.kind === 'li'
          ? `li trees, height ${m.height}, p0 ${m.p0}, f1 ${m.f1}, f2 ${m.f2}`
          : m.kind === 'uniform'
            ? `uniform trees, degree ${m.degree}, height ${m.height}${m.p0 === undefined ? '' : `, p0 ${m.p0}`}`
            : `prefix trees, degree ${m.degree}, height ${m.height}, damage ${m.damage}`;
      return `${shape}, ${noise.kind} noise ${noise.e}${exactLeaves === false ? ' (terminal nodes too)' : ''}, ${trees} trees, seed ${seed}${methods ? `, ${methods.join(' and ')}` : ''}`;
    }
  }
}

/** How far a study is (trees, samples or games), with the live tally of a match or the state of a Connect-Four solve. */
export interface StudyProgress {
  done: number;
  total: number;
  tally?: Tally;
  solve?: SolveProgress & { ms: number };
  othello?: { nodes: number; ms: number };
}

export type StudyMessage =
  | ({ type: 'progress' } & StudyProgress)
  | { type: 'result'; result: StudyResult }
  /** `range`: bad input (a RangeError naming the field), not a failure of the computation */
  | { type: 'error'; message: string; range: boolean };

/** Progress at most every `ms` (the page repaints anyway; more messages only cost the main thread). */
function throttled(post: (m: StudyMessage) => void, ms: number): (done: number, total: number) => void {
  let last = -Infinity;
  return (done, total) => {
    const now = performance.now();
    if (done === total || now - last >= ms) {
      last = now;
      post({ type: 'progress', done, total });
    }
  };
}

function compute(req: StudyRequest, post: (m: StudyMessage) => void): StudyResult {
  const progress = throttled(post, 100);
  switch (req.kind) {
    case 'li-table':
      return {
        kind: 'li-table',
        corrected: reproduceLiTable(req.table, 'corrected'),
        printed: reproduceLiTable(req.table, 'printed'),
      };
    case 'li5':
      return { kind: 'li5', result: reproduceLi5(req.trees, req.seed, progress) };
    case 'li-mc':
      return { kind: 'li-mc', result: runMonteCarlo(req.target, req.trees, req.seed, progress) };
    case 'c4': {
      const pos = Position.parse(req.moves);
      const t0 = performance.now();
      // A long solve reports its node count and the score window narrowed so far (every 2^20 calls).
      const onProgress = (p: SolveProgress) =>
        post({ type: 'progress', done: p.nodes, total: 0, solve: { ...p, ms: performance.now() - t0 } });
      const r = new Solver({ onProgress }).solve(pos, req.step, req.weak);
      return {
        kind: 'c4',
        result: {
          moves: req.moves,
          stones: pos.moves,
          score: r.score,
          visited: r.visited,
          step: req.step,
          weak: req.weak,
          ms: performance.now() - t0,
        },
      };
    }
    case 'othello': {
      const { position, moves } = parseObfLine(req.position);
      // A long solve reports its visited nodes every 2^20 cursor steps; the table is kept for the line.
      const tt = new TranspositionTable(21);
      const r = solveOthello(position, {
        algorithm: req.algorithm,
        ordering: req.ordering,
        weak: req.weak,
        tt,
        onProgress: (p) =>
          post({ type: 'progress', done: p.nodes, total: 0, othello: { nodes: p.nodes, ms: p.seconds * 1000 } }),
      });
      const line = req.weak ? (r.bestMoveName === '-' ? [] : [r.bestMoveName]) : tableLine(position, tt);
      if (line.length > 0 && line[0] !== r.bestMoveName) line.splice(0, line.length, r.bestMoveName); // the table's first move was overwritten
      return {
        kind: 'othello',
        result: { ...r, position: position.toString(), line, expected: moves.length > 0 ? moves[0].score : null },
      };
    }
    case 'match': {
      const ops = openings(req.plies, req.count, req.seed);
      const t0 = performance.now();
      const total = ops.length * 2;
      const tally = runMatch({
        limit: req.limit,
        openings: ops,
        onGame: (t) => post({ type: 'progress', done: t.games, total, tally: structuredClone(t) }),
      });
      return { kind: 'match', result: { tally, openings: ops, ms: performance.now() - t0 } };
    }
    case 'pathology':
      return { kind: 'pathology', result: runPathology(req.spec, progress) };
    default:
      throw new RangeError(`study kind ${(req as { kind: unknown }).kind} is not allowed`);
  }
}

/** Runs one request to its end: progress messages, then exactly one result or error message. */
export function runStudyJob(req: StudyRequest, post: (m: StudyMessage) => void): void {
  try {
    post({ type: 'result', result: compute(req, post) });
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e), range: e instanceof RangeError });
  }
}

/**
 * The study of one Othello endgame solved exactly (../othello/solver.ts) with any search and ordering:
 * the score, the best move and the principal variation its table holds (../othello/table-line.ts) and,
 * for an .obf line, the file's best score to check against.
 */
import { z } from 'zod';
import { parseObfLine } from './position.ts';
import { checkSolveMode, OTHELLO_ORDERINGS, solveOthello, type OthelloSolveResult } from './solver.ts';
import { defaultSwitches } from './endgame-solver.ts';
import { tableLine } from './table-line.ts';
import { ALGORITHMS, algorithmDescriptor, type AlgorithmName } from '../search/registry.ts';
import { TranspositionTable } from '../search/transposition-table.ts';
import { strictObject } from '../util/strict-object.ts';
import { csvRow, csvText } from '../studies/csv-rows.ts';
import { defineStudy } from '../studies/study-descriptor.ts';
import { othelloBoardOption } from './othello-board-figure.ts';
import { perSecond, ProgressPace } from '../util/progress-pace.ts';

interface OthelloRequest {
  kind: 'othello';
  /** an Othello position, "BOARD SIDE" or a whole .obf line (its listed move scores are then checked) */
  position: string;
  algorithm: AlgorithmName;
  ordering: string;
  weak: boolean;
  /** the solve mode (./endgame-solver.ts, every part on) instead of the experiments' generic searches */
  solveMode?: boolean;
}
/**
 * A solve with the position ("BOARD SIDE"), the table's principal variation and the .obf line's best
 * score; `seconds` and `nodesPerSecond` are the job's duration (from the position read to the line
 * drawn), the one History and the view show.
 */
export interface OthelloResult extends OthelloSolveResult {
  position: string;
  line: string[];
  expected: number | null;
}
interface OthelloStudyResult {
  kind: 'othello';
  result: OthelloResult;
}

/** A solved Othello position: score, best move, the table's line, nodes, time, the file's expected score and the solve mode's switches. */
export function othelloCsv(r: OthelloResult, provenance: string): string {
  return csvText([
    provenance,
    'position,empties,algorithm,ordering,weak,score,expected,best_move,line,nodes,move_nodes,seconds,nodes_per_second,solve_mode',
    csvRow([
      r.position,
      r.empties,
      r.algorithm,
      r.ordering,
      r.weak,
      r.score,
      r.expected ?? '',
      r.bestMoveName,
      r.line.join(' '),
      r.nodes,
      r.moveNodes,
      r.seconds,
      r.nodesPerSecond,
      r.endgame === null ? '' : JSON.stringify(r.endgame),
    ]),
  ]);
}

export const othelloStudy = defineStudy<OthelloRequest, OthelloStudyResult>({
  kind: 'othello',
  title: 'Othello solve',
  tab: { id: 'othello', label: 'Othello', hint: 'FForum endgames solved exactly', component: 'OthelloSolve' },
  description: 'an Othello endgame (a position or an .obf line) solved exactly with any search and ordering',
  schema: strictObject({
    kind: z.literal('othello'),
    position: z.string().max(1000).meta({
      label: 'Position',
      hint: '("BOARD SIDE", or a line of an FForum .obf file)',
      allowed: 'a board and the side to move ("BOARD SIDE") or an .obf line',
    }),
    algorithm: z.enum(ALGORITHMS).meta({
      label: 'Search',
      allowed: `one of ${ALGORITHMS.join(', ')}`,
      choices: ALGORITHMS,
      choiceNames: Object.fromEntries(ALGORITHMS.map((a) => [a, algorithmDescriptor(a).displayName])),
      flagDefault: 'mtdf',
    }),
    ordering: z.string().max(200).meta({
      label: 'Move ordering',
      allowed: 'an ordering as gtlab othello solve --ordering takes it',
      suggested: OTHELLO_ORDERINGS,
      flagDefault: 'fastest-first',
    }),
    weak: z.boolean().meta({ label: 'Weak solve (win, draw or loss only)', allowed: 'given or not' }),
    solveMode: z.boolean().optional().meta({
      label: "Solve mode (the endgame solver's own search)",
      allowed: 'given or not',
    }),
  })
    .refine((q) => !(q.weak && q.algorithm === 'minimax'), {
      path: ['weak'],
      message: `weak solving needs a window: use it with ${ALGORITHMS.filter((a) => a !== 'minimax').join(', ')}`,
    })
    .superRefine((q, ctx) => {
      if (q.solveMode !== true) return;
      try {
        checkSolveMode(q.algorithm, q.ordering);
      } catch (e) {
        ctx.addIssue({ code: 'custom', path: ['solveMode'], message: (e as Error).message });
      }
    }),
  models: ['Othello'],
  example: {
    kind: 'othello',
    position: '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;',
    algorithm: 'alphabeta',
    ordering: 'value',
    weak: false,
  },
  summary: (q) =>
    `${q.position.slice(0, 67)}, ${q.algorithm}, ordering ${q.ordering}${q.weak ? ', weak' : ''}${q.solveMode ? ', solve mode' : ''}`,
  run: (q, ctx) => {
    const { position, moves } = parseObfLine(q.position);
    // A long solve reports its visited nodes and their rate, paced by the clock; the table is kept for the line.
    const pace = new ProgressPace(ctx.watch, (p) => ctx.report({ ...p, total: 0 }));
    const tt = new TranspositionTable(21);
    const r = solveOthello(position, {
      algorithm: q.algorithm,
      ordering: q.ordering,
      weak: q.weak,
      tt,
      onTick: (nodes) => pace.tick(nodes),
      ...(q.solveMode ? { endgame: defaultSwitches(q.weak) } : {}),
    });
    // The solve mode keeps its own table: its line is the best move it checked.
    const line = q.weak || q.solveMode ? (r.bestMoveName === '-' ? [] : [r.bestMoveName]) : tableLine(position, tt);
    if (line.length > 0 && line[0] !== r.bestMoveName) line.splice(0, line.length, r.bestMoveName); // the table's first move was overwritten
    // The time and rate are the job's: its stopwatch, stopped at the end of the work.
    const ms = ctx.watch.stop();
    return {
      kind: 'othello',
      result: {
        ...r,
        seconds: ms / 1000,
        nodesPerSecond: perSecond(r.nodes, ms),
        position: position.toString(),
        line,
        expected: moves.length > 0 ? moves[0].score : null,
      },
    };
  },
  csv: (_q, r, provenance) => othelloCsv(r.result, provenance),
  figure: (r, o) => othelloBoardOption(r.result, o),
});

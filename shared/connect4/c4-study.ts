/**
 * The study of one Connect-Four position solved with Pons' solver steps (../connect4/solver.ts): its
 * score (Pons' convention), the negamax calls and the time (the job's stopwatch: the duration History
 * and the view show). A long solve reports its node count, their rate and the score window narrowed so
 * far, paced by the clock.
 */
import { z } from 'zod';
import { Position } from './position.ts';
import { Solver, STEPS, type SolveProgress, type Step } from './solver.ts';
import { strictObject } from '../util/strict-object.ts';
import { csvRow, csvText } from '../studies/csv-rows.ts';
import { defineStudy, type StudyProgress } from '../studies/study-descriptor.ts';
import { ProgressPace } from '../util/progress-pace.ts';
import { c4BoardOption } from './c4-board-figure.ts';

interface C4Request {
  kind: 'c4';
  moves: string;
  step: Step;
  weak: boolean;
}
export interface C4Result {
  moves: string;
  stones: number;
  score: number;
  visited: number;
  step: Step;
  weak: boolean;
  ms: number;
}
interface C4StudyResult {
  kind: 'c4';
  result: C4Result;
}

/** The score window a running solve has narrowed so far, as its progress reports carry it. */
export function c4SolveWindow(p: StudyProgress): SolveProgress | undefined {
  return p.detail as SolveProgress | undefined;
}

export const c4Study = defineStudy<C4Request, C4StudyResult>({
  kind: 'c4',
  title: 'Connect-Four solve',
  tab: { id: 'c4', label: 'Connect-Four', hint: "Pons' solver steps", component: 'Connect4Solve' },
  description: "a Connect-Four position solved exactly (or weakly) with one of Pons' solver steps",
  schema: strictObject({
    kind: z.literal('c4'),
    moves: z.string().max(42).meta({
      label: 'Moves',
      allowed: 'the columns played, 1..7 each (empty: the empty board)',
      none: 'e.g. 4455 (empty: the empty board)',
    }),
    step: z.enum(STEPS).meta({
      label: "Pons' solver step",
      allowed: `one of ${STEPS.join(', ')}`,
      choices: STEPS,
      flagDefault: 'final',
    }),
    weak: z.boolean().meta({ label: 'Weak solve (win, draw or loss only)', allowed: 'given or not' }),
  }).refine((q) => !(q.weak && q.step === 'minimax'), {
    path: ['weak'],
    message: `weak solving needs a score window: use it with ${STEPS.slice(1).join(', ')} (plain minimax is always strong)`,
  }),
  models: ['Connect-Four'],
  example: { kind: 'c4', moves: '4455443', step: 'final', weak: false },
  summary: (q) => `moves ${q.moves === '' ? '(empty board)' : q.moves}, step ${q.step}${q.weak ? ', weak' : ''}`,
  run: (q, ctx) => {
    const pos = Position.parse(q.moves);
    // A long solve reports its node count, their rate and the score window narrowed so far, paced by the clock.
    const pace = new ProgressPace(ctx.watch, (p) => ctx.report({ ...p, total: 0, detail: solver.progress() }));
    const solver = new Solver({ onTick: (nodes) => pace.tick(nodes) });
    const r = solver.solve(pos, q.step, q.weak);
    return {
      kind: 'c4',
      result: {
        moves: q.moves,
        stones: pos.moves,
        score: r.score,
        visited: r.visited,
        step: q.step,
        weak: q.weak,
        ms: ctx.watch.stop(),
      },
    };
  },
  csv: (_q, { result: r }, provenance) =>
    csvText([
      provenance,
      'moves,stones,step,weak,score,visited,ms',
      csvRow([r.moves, r.stones, r.step, r.weak, r.score, r.visited, r.ms]),
    ]),
  figure: (r, o) => c4BoardOption(r.result, o),
});

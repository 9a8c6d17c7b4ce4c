/**
 * The study of a Connect-Four match (Rivest 1987, Table 2; ./match-play.ts): min/max
 * approximation (MM) against iterative-deepening alpha-beta (AB), every opening played with both
 * colours. The CSV holds this match's tally and Rivest's under the same kind of limit; the figure sets
 * the two tallies side by side as shares of the games (MM wins, draws, AB wins).
 */
import { z } from 'zod';
import {
  limitLabel,
  MAX_OPENING_PLIES,
  openings,
  RIVEST_TABLE2,
  rivestScore,
  runMatch,
  type MoveLimit,
  type Tally,
} from './match-play.ts';
import { seriesColor } from '../figures/figure-style.ts';
import { intField, numberField, seedField } from '../util/fields.ts';
import { strictObject } from '../util/strict-object.ts';
import { csvRow, csvText } from '../studies/csv-rows.ts';
import { defineStudy, type StudyProgress } from '../studies/study-descriptor.ts';

interface MatchRequest {
  kind: 'match';
  limit: MoveLimit;
  plies: number;
  count?: number;
  seed: number;
}
interface MatchResult {
  tally: Tally;
  openings: string[];
  ms: number;
}
interface MatchStudyResult {
  kind: 'match';
  result: MatchResult;
}

/**
 * A row for this match (results, MM's score with its 95 % Wilson interval, each player's moves, move
 * calls, time and depth summed over its moves) and one for Rivest's Table 2 under the same kind of
 * limit; the openings in a `#` line.
 */
function matchCsv(r: MatchResult, provenance: string): string {
  const t = r.tally;
  const rv = RIVEST_TABLE2[t.limit.kind];
  const rs = rivestScore(t.limit.kind);
  const limit = t.limit.kind === 'moves' ? `moves:${t.limit.n}` : `time:${t.limit.ms}`;
  return csvText([
    provenance,
    `# openings (${r.openings.length}, each played with both colours): ${r.openings.map((o) => o || '(empty board)').join(' ')}`,
    'source,limit,games,mm_wins,ab_wins,draws,mm_score,mm_score_lo,mm_score_hi,mm_moves,mm_move_calls,mm_ms,mm_depth_sum,ab_moves,ab_move_calls,ab_ms,ab_depth_sum',
    csvRow([
      'this match',
      limit,
      t.games,
      t.mmWins,
      t.abWins,
      t.draws,
      t.score.p,
      t.score.lo,
      t.score.hi,
      t.mm.moves,
      t.mm.moveCalls,
      t.mm.ms,
      t.mm.depth,
      t.ab.moves,
      t.ab.moveCalls,
      t.ab.ms,
      t.ab.depth,
    ]),
    csvRow([
      'Rivest 1987 Table 2',
      t.limit.kind,
      rv.mmWins + rv.abWins + rv.draws,
      rv.mmWins,
      rv.abWins,
      rv.draws,
      rs.p,
      rs.lo,
      rs.hi,
      ...Array<null>(8).fill(null),
    ]),
  ]);
}

/**
 * The tallies as horizontal stacked bars, one per match (this one, Rivest's under the same kind of
 * limit), each split into the shares of MM wins, draws and AB wins; the subtitle gives MM's scores.
 */
function tallyOption(r: MatchResult, o: { fontFamily?: string }): Record<string, unknown> {
  const font = o.fontFamily ?? 'sans-serif';
  const t = r.tally;
  const rv = RIVEST_TABLE2[t.limit.kind];
  const rs = rivestScore(t.limit.kind);
  const rivestGames = rv.mmWins + rv.abWins + rv.draws;
  const bars = [
    {
      name: `Rivest 1987 (${t.limit.kind === 'moves' ? 'move-call' : 'time'} limits, ${rivestGames} games)`,
      games: rivestGames,
      k: [rv.mmWins, rv.draws, rv.abWins],
    },
    { name: `this match (${limitLabel(t.limit)}, ${t.games} games)`, games: t.games, k: [t.mmWins, t.draws, t.abWins] },
  ];
  const parts = ['MM wins', 'draws', 'AB wins'];
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  return {
    animation: false,
    textStyle: { fontFamily: font },
    title: {
      text: 'Min/max approximation (MM) vs. alpha-beta (AB), Connect-Four',
      subtext: `MM score ${t.score.p.toFixed(3)} [${t.score.lo.toFixed(3)}, ${t.score.hi.toFixed(3)}] over ${t.games} games, ${r.openings.length} openings; Rivest ${rs.p.toFixed(3)} [${rs.lo.toFixed(3)}, ${rs.hi.toFixed(3)}] (95 % Wilson)`,
      left: 'center',
      textStyle: { fontFamily: font, fontSize: 14 },
      subtextStyle: { fontFamily: font },
    },
    tooltip: { trigger: 'axis', valueFormatter: pct },
    legend: { data: parts, bottom: 0, textStyle: { fontFamily: font } },
    grid: { left: 70, right: 30, top: 70, bottom: 80 },
    xAxis: {
      type: 'value',
      name: 'share of the games',
      nameLocation: 'middle',
      nameGap: 28,
      min: 0,
      max: 1,
      nameTextStyle: { fontFamily: font },
    },
    yAxis: { type: 'category', data: bars.map((b) => b.name), axisLabel: { fontFamily: font } },
    series: parts.map((name, j) => ({
      name,
      type: 'bar',
      stack: 'games',
      color: seriesColor(j),
      data: bars.map((b) => (b.games > 0 ? b.k[j] / b.games : 0)),
    })),
  };
}

/** The tally of the games played so far, as a running match's progress reports carry it. */
export function matchTally(p: StudyProgress): Tally | undefined {
  return p.detail as Tally | undefined;
}

export const matchStudy = defineStudy<MatchRequest, MatchStudyResult>({
  kind: 'match',
  title: 'Match play',
  tab: { id: 'match', label: 'Match play', hint: 'Rivest 1987, Table 2', component: 'MatchPlay' },
  description: "Rivest's min/max approximation against alpha-beta on Connect-Four, every opening with both colours",
  schema: strictObject({
    kind: z.literal('match'),
    limit: z
      .discriminatedUnion('kind', [
        strictObject({
          kind: z.literal('moves'),
          n: intField(1, Number.MAX_SAFE_INTEGER, 'Move calls per move', { allowed: 'an integer ≥ 1', initial: 1000 }),
        }).meta({ title: 'Move calls' }),
        strictObject({
          kind: z.literal('time'),
          ms: numberField(Number.MIN_VALUE, Number.MAX_VALUE, 'ms per move', {
            allowed: 'a number of milliseconds > 0',
            initial: 50,
          }),
        }).meta({ title: 'Time' }),
      ])
      .meta({ label: 'Limit', allowed: 'move calls or time per move' }),
    plies: intField(0, MAX_OPENING_PLIES, 'Opening plies', { flagDefault: 2 }),
    count: intField(1, Number.MAX_SAFE_INTEGER, 'Openings drawn', {
      allowed: 'empty (every opening) or a positive integer',
      none: 'all',
    }).optional(),
    seed: seedField('Seed', { flagDefault: 1 }),
  }),
  models: ['Connect-Four'],
  example: { kind: 'match', limit: { kind: 'moves', n: 60 }, plies: 1, count: 1, seed: 1 },
  summary: (q) =>
    `${limitLabel(q.limit)}, ${q.plies} opening ${q.plies === 1 ? 'ply' : 'plies'}, ${q.count === undefined ? 'all openings' : `${q.count} opening${q.count === 1 ? '' : 's'}`}, seed ${q.seed}`,
  run: (q, ctx) => {
    const ops = openings(q.plies, q.count, q.seed);
    const total = ops.length * 2;
    const tally = runMatch({
      limit: q.limit,
      openings: ops,
      onGame: (t) => ctx.report({ done: t.games, total, detail: structuredClone(t) }),
    });
    return { kind: 'match', result: { tally, openings: ops, ms: ctx.watch.stop() } };
  },
  csv: (_q, r, provenance) => matchCsv(r.result, provenance),
  figure: (r, o) => tallyOption(r.result, o),
});

/**
 * The live tally of a min/max-approximation vs alpha-beta match (shared/rivest/match-play.ts)
 * as the Studies tab shows it: W/L/D from MM's side, MM's score (wins + draws/2) with its 95 % Wilson
 * interval, and Rivest's Table 2 result under the same kind of limit with the same interval.
 */
import {
  RIVEST_TABLE2,
  rivestScore,
  wilson,
  type Interval,
  type MoveLimit,
} from '../../../shared/rivest/match-play.ts';

export interface TallyCounts {
  games: number;
  mmWins: number;
  abWins: number;
  draws: number;
}

export interface TallyView {
  games: number;
  total: number;
  mmWins: number;
  abWins: number;
  draws: number;
  /** MM's score with its 95 % interval (NaN before the first game) */
  score: Interval;
  rivest: { mmWins: number; abWins: number; draws: number; score: Interval };
  /**
   * 'above' / 'below': our interval lies entirely above / below Rivest's score; 'consistent': it
   * contains it; null before the first game.
   */
  versusRivest: 'above' | 'below' | 'consistent' | null;
  /** e.g. "MM 5 – AB 2 – draws 1" */
  line: string;
  /** e.g. "0.688 [0.359, 0.898]" */
  scoreText: string;
}

function formatInterval(i: Interval, digits = 3): string {
  if (!Number.isFinite(i.p)) return '–';
  return `${i.p.toFixed(digits)} [${i.lo.toFixed(digits)}, ${i.hi.toFixed(digits)}]`;
}

export function tallyView(t: TallyCounts, limit: MoveLimit, total: number): TallyView {
  if (t.mmWins + t.abWins + t.draws !== t.games) {
    throw new RangeError(`tally: ${t.mmWins} + ${t.abWins} + ${t.draws} results but games = ${t.games}`);
  }
  const score = wilson(t.mmWins + t.draws / 2, t.games);
  const r = RIVEST_TABLE2[limit.kind];
  const rs = rivestScore(limit.kind);
  const versusRivest = t.games === 0 ? null : score.lo > rs.p ? 'above' : score.hi < rs.p ? 'below' : 'consistent';
  return {
    games: t.games,
    total,
    mmWins: t.mmWins,
    abWins: t.abWins,
    draws: t.draws,
    score,
    rivest: { ...r, score: rs },
    versusRivest,
    line: `MM ${t.mmWins} – AB ${t.abWins} – draws ${t.draws}`,
    scoreText: formatInterval(score),
  };
}

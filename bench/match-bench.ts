/**
 * Rivest's Table 2 at reduced scale: min/max approximation vs iterative-deepening alpha-beta on
 * Connect-Four, all 49 two-move openings × both colours per limit, under move-call limits and per-move
 * time limits (shared/rivest/match-play.ts). Prints one line per limit and the crossover verdict.
 *
 *   npx tsx bench/match-bench.ts [--moves 1000,3000] [--time 10,30] [--weights exact|reverse] [--backup mean|minimax]
 */
import { openings, rivestScore, runMatch, type MoveLimit, type Tally } from '../shared/rivest/match-play.ts';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const moves = arg('moves', '1000,3000')
  .split(',')
  .filter(Boolean)
  .map((n) => ({ kind: 'moves', n: Number(n) }) as MoveLimit);
const time = arg('time', '10,30')
  .split(',')
  .filter(Boolean)
  .map((ms) => ({ kind: 'time', ms: Number(ms) }) as MoveLimit);
const mm = {
  weights: arg('weights', 'exact') as 'exact' | 'reverse',
  backup: arg('backup', 'mean') as 'mean' | 'minimax',
};
const ops = openings(2);

function line(t: Tally, secs: number): string {
  const name = t.limit.kind === 'moves' ? `moves:${t.limit.n}` : `time:${t.limit.ms}ms`;
  const s = t.score;
  const per = (x: { moveCalls: number; ms: number; depth: number; moves: number }) =>
    `${(x.moveCalls / x.moves).toFixed(0)} calls, ${(x.ms / x.moves).toFixed(1)} ms, depth ${(x.depth / x.moves).toFixed(1)}`;
  return (
    `${name.padEnd(12)} MM–AB–draws ${t.mmWins}–${t.abWins}–${t.draws}  MM score ${s.p.toFixed(3)} [${s.lo.toFixed(3)}, ${s.hi.toFixed(3)}]` +
    `  per move: MM ${per(t.mm)}; AB ${per(t.ab)}  (${secs.toFixed(0)} s)`
  );
}

console.log(`MM options ${JSON.stringify(mm)}; ${ops.length} openings × 2 colours per limit`);
const agg = { moves: [0, 0, 0], time: [0, 0, 0] };
for (const limit of [...moves, ...time]) {
  const t0 = performance.now();
  const t = runMatch({ limit, openings: ops, mm });
  console.log(line(t, (performance.now() - t0) / 1000));
  const a = agg[limit.kind];
  a[0] += t.mmWins;
  a[1] += t.abWins;
  a[2] += t.draws;
}
for (const kind of ['moves', 'time'] as const) {
  const [w, l, d] = agg[kind];
  if (w + l + d === 0) continue;
  const n = w + l + d,
    p = (w + d / 2) / n;
  const r = rivestScore(kind);
  console.log(
    `${kind} total: ${w}–${l}–${d}, MM score ${p.toFixed(3)}; Rivest ${r.p.toFixed(3)} [${r.lo.toFixed(3)}, ${r.hi.toFixed(3)}]`,
  );
}

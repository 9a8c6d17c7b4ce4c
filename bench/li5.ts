/**
 * Li 1989, Ch. 5 §6, Tables 5.1-5.3 at scale: the (d, n) grid with many trees per cell, next to the
 * printed tables, plus the informed variant (§5.2) and the time per cell.
 *
 *   node --import tsx bench/li5.ts [TREES=1000] [SEED=1]
 */
import { reproduceLi5 } from '../shared/li/chapter5/pruning-efficiency.ts';

const trees = Number(process.argv[2] ?? 1000);
const seed = Number(process.argv[3] ?? 1);
const t0 = performance.now();
const r = reproduceLi5(trees, seed, (done, total) => process.stderr.write(`  cell ${done}/${total}\r`));
const ms = performance.now() - t0;
const f = (x: number, d = 1) => x.toFixed(d);
console.log(`\n${r.title}\n${trees} trees per cell, seed ${seed}; thesis: 10 trees (totals shown /10)`);
console.log(
  ' d n    terminals/tree [95 %]   printed/10 | P_AB visited [95 %]   printed/10 | eff [95 %]  trunc printed | informed eff',
);
let inT = 0;
let inV = 0;
let inE = 0;
for (const c of r.cells) {
  const p = c.printed;
  if (p.terminalsInInterval) inT++;
  if (p.visitedInInterval) inV++;
  const effIn = p.efficiency !== null && c.efficiency.lo <= p.efficiency + 0.01 && p.efficiency <= c.efficiency.hi;
  if (effIn) inE++;
  console.log(
    `${c.d} ${c.n}  ${f(c.terminals.mean).padStart(8)} [${f(c.terminals.lo)}, ${f(c.terminals.hi)}]`.padEnd(40) +
      ` ${String(p.terminalsPerTree).padStart(8)}${p.terminalsInInterval ? ' ' : '*'} | ${f(c.pab.mean).padStart(8)} [${f(c.pab.lo)}, ${f(c.pab.hi)}]`.padEnd(
        40,
      ) +
      ` ${String(p.visitedPerTree).padStart(8)}${p.visitedInInterval ? ' ' : '*'} | ${f(c.efficiency.value, 3)} [${f(c.efficiency.lo, 3)}, ${f(c.efficiency.hi, 3)}]  ${c.efficiency.truncated.toFixed(2)}  ${p.efficiency?.toFixed(2)}${effIn ? ' ' : '*'} | ${f(c.informedEfficiency.value, 3)}${c.pabRabMismatches ? `  P_AB≠R_AB in ${c.pabRabMismatches}` : ''}`,
  );
}
const t = r.trends;
console.log(
  `\nprinted/10 inside our 95 % interval: terminals ${inT}/16, visited ${inV}/16; printed 5.3 (as the truncation interval [x, x + 0.01)) meets our efficiency interval: ${inE}/16`,
);
console.log(
  `efficiency grows with n: ours ${t.ours.widthIncreasing}/12 pairs, printed ${t.printed.widthIncreasing}/12; with d: ours ${t.ours.depthIncreasing}/12, printed ${t.printed.depthIncreasing}/12`,
);
console.log(
  `P_AB ≠ R_AB in ${r.cells.reduce((s, c) => s + c.pabRabMismatches, 0)} trees; ${f(ms / 1000, 1)} s (${f(ms / (16 * trees), 2)} ms per tree, 4 searches each)`,
);

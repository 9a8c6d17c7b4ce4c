/**
 * Monte-Carlo check of Li's tables on generated node-dependent trees (shared/li/monte-carlo.ts):
 * mean ± 95 % interval against the corrected model and the printed computation, per cell.
 *
 *   node --import tsx bench/li-montecarlo.ts [2.2] [3.1] [3.2] [3.3] [4.1] [4.2] [4.3]   (default: all)
 *
 * Environment: LI_TREES (trees per cell for R_k and N_k, default 2000), LI_SAMPLES (accepted win/loss
 * pairs per column for D, default 3000), LI_K (largest k for R_k, default 6), LI_NK (k for N_k,
 * default 6: the tables' first column, height 12), LI_VERBOSE=1 prints every D cell.
 * A cell "fits" when the exact number lies in the 95 % interval (mean ± 1.96 se; Wilson score interval for
 * the [0, 1] decision scores); about 5 % of cells miss by chance. D's z uses the null variance D(1−D)/n.
 */
import { reproduceLiTable } from '../shared/li/reproduce.ts';
import { winLeavesPrinted, winLeavesRecurrence } from '../shared/li/win-leaf-count.ts';
import { expectedLeaves, leavesClosedForm, leavesRecurrence } from '../shared/li/alpha-beta-leaves.ts';
import { correctDecision } from '../shared/li/correct-decision.ts';
import {
  alphaBetaLeafCount,
  decisionMeans,
  treeMean,
  winLeafCount,
  type MeanEstimate,
} from '../shared/li/monte-carlo.ts';
import { envInt } from './env-int.ts';

const TREES = envInt('LI_TREES', 2000);
const SAMPLES = envInt('LI_SAMPLES', 3000);
const KMAX = envInt('LI_K', 6);
const NK = envInt('LI_NK', 6);
const VERBOSE = process.env.LI_VERBOSE === '1';
const which = process.argv.slice(2);
const want = (t: string) => which.length === 0 || which.includes(t);

const fits = (m: MeanEstimate, x: number) => m.lo - 1e-12 <= x && x <= m.hi + 1e-12;
const z = (m: MeanEstimate, x: number) => (m.se > 0 ? (m.mean - x) / m.se : m.mean === x ? 0 : Infinity);
/** z of a [0, 1] score against the hypothesis mean x, with the largest variance x(1−x) such scores can have. */
const zScore = (m: MeanEstimate, x: number) => {
  const sd = Math.sqrt((x * (1 - x)) / m.n);
  return sd > 0 ? (m.mean - x) / sd : m.mean === x ? 0 : Infinity;
};
const f = (x: number, d = 3) => x.toFixed(d);

interface Tally {
  cells: number;
  corrected: number;
  printed: number;
}
const summary: string[] = [];
const report = (name: string, t: Tally) =>
  summary.push(
    `${name}: ${t.cells} cells; exact value inside the 95 % interval — corrected ${t.corrected}, printed ${t.printed}`,
  );

if (want('2.2')) {
  console.log(`\nTable 2.2: win leaves R_k, ${TREES} trees per cell`);
  console.log(' p0    f1   f2   k        MC mean ± 95%      corrected        printed   z(corr)   z(printed)');
  const t: Tally = { cells: 0, corrected: 0, printed: 0 };
  for (const [row, { p0, f1, f2 }] of reproduceLiTable('2.2', 'corrected').rows.entries()) {
    for (let k = 1; k <= KMAX; k++) {
      const m = treeMean({ height: 2 * k, p0: p0!, f1, f2, seed: 1000 + 100 * row + k }, TREES, winLeafCount);
      const c = winLeavesRecurrence(p0!, f1, f2, k)[k - 1];
      const p = winLeavesPrinted(p0!, f1, f2, k);
      t.cells++;
      if (fits(m, c)) t.corrected++;
      if (fits(m, p)) t.printed++;
      console.log(
        `${f(p0!)}  ${f1}  ${f2}  ${k}  ${f(m.mean).padStart(10)} ± ${f(m.half95).padEnd(7)} ${f(c).padStart(10)}  ${f(p).padStart(12)}  ${f(z(m, c), 2).padStart(7)}  ${f(z(m, p), 2).padStart(10)}`,
      );
    }
  }
  report('Table 2.2 (R_k)', t);
}

for (const table of ['3.1', '3.2', '3.3'] as const) {
  if (!want(table)) continue;
  const h = table === '3.3' ? 10 : 9;
  console.log(
    `\nTable ${table}: D(d, ${h}), ${SAMPLES} win/loss pairs per column (columns where no pair exists are skipped)`,
  );
  console.log('   f1     f2   cells  fit corr  fit printed  max|z| corr  max|z| printed');
  const t: Tally = { cells: 0, corrected: 0, printed: 0 };
  for (const [row, { f1, f2 }] of reproduceLiTable(table, 'corrected').rows.entries()) {
    // The pair is rejected with probability f1 (Max node, odd h) or f2 (Min node, even h).
    if ((h % 2 === 1 ? f1 : f2) === 1) continue;
    process.stderr.write(`  ${table} ${f1}/${f2}\r`);
    const m = decisionMeans(f1, f2, h, 2000 + row, SAMPLES);
    const c = correctDecision(f1, f2, h);
    const p = correctDecision(f1, f2, h, 'min-everywhere');
    let fc = 0;
    let fp = 0;
    let zc = 0;
    let zp = 0;
    for (let d = 0; d < h; d++) {
      if (fits(m[d], c[d])) fc++;
      if (fits(m[d], p[d])) fp++;
      zc = Math.max(zc, Math.abs(zScore(m[d], c[d])));
      zp = Math.max(zp, Math.abs(zScore(m[d], p[d])));
      if (VERBOSE)
        console.log(
          `      d ${d + 1}: ${f(m[d].mean, 4)} [${f(m[d].lo, 4)}, ${f(m[d].hi, 4)}]  corrected ${f(c[d], 4)}  printed ${f(p[d], 4)}`,
        );
    }
    t.cells += h;
    t.corrected += fc;
    t.printed += fp;
    console.log(
      `${f(f1).padStart(5)}  ${f(f2).padStart(5)}  ${String(h).padStart(6)}  ${String(fc).padStart(8)}  ${String(fp).padStart(11)}  ${f(zc, 2).padStart(11)}  ${f(zp, 2).padStart(14)}`,
    );
  }
  report(`Table ${table} (D)`, t);
}

for (const table of ['4.1', '4.2', '4.3'] as const) {
  if (!want(table)) continue;
  console.log(
    `\nTable ${table}: leaves visited by alpha-beta with window [0, 1], N_${NK} (height ${2 * NK}), ${TREES} trees per row`,
  );
  console.log(' p0     f1     f2          MC mean ± 95%    corrected      printed   z(corr)  z(printed)');
  const t: Tally = { cells: 0, corrected: 0, printed: 0 };
  for (const [row, { p0, f1, f2 }] of reproduceLiTable(table, 'corrected').rows.entries()) {
    process.stderr.write(`  ${table} ${f1}/${f2}\r`);
    // A seed per row: rows with a shared seed would share their random numbers, and their errors.
    const m = treeMean({ height: 2 * NK, p0: p0!, f1, f2, seed: 3000 + row }, TREES, alphaBetaLeafCount);
    const c = expectedLeaves(p0!, leavesRecurrence(f1, f2, NK));
    const p = expectedLeaves(p0!, leavesClosedForm(f1, f2, NK, 'printed'));
    t.cells++;
    if (fits(m, c)) t.corrected++;
    if (fits(m, p)) t.printed++;
    console.log(
      `${f(p0!)}  ${f(f1)}  ${f(f2)}  ${f(m.mean).padStart(10)} ± ${f(m.half95).padEnd(6)}  ${f(c).padStart(10)}  ${f(p).padStart(10)}  ${f(z(m, c), 2).padStart(7)}  ${f(z(m, p), 2).padStart(9)}`,
    );
  }
  report(`Table ${table} (N_${NK})`, t);
}

console.log(`\nSummary\n${summary.join('\n')}`);

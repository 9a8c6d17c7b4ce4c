/**
 * The markdown report of a Figure 4 run on real endgame positions (./othello-endgame-preset.ts; Furtak &
 * Buro 2009, Sec. 6 and 8): parameters, seed and version, what a depth and a count mean, the table of
 * nodes ÷ minimum proof tree per empties k with 95 % intervals, and the reductions of every FCF ordering
 * against value ordering at the largest k, per algorithm and per iterative deepening or plain search.
 */
import type { ExperimentSpec } from '../experiments/spec.ts';
import { depthAxisName, seriesIterative, seriesLabel } from '../experiments/spec.ts';
import type { Fig4Summary } from '../furtak-buro/fig4-summary.ts';
import { iv, pct, verdict, type ReportContext } from '../furtak-buro/report.ts';

export function endgameReport(spec: ExperimentSpec, s: Fig4Summary, ctx: ReportContext): string {
  const axis = depthAxisName(spec);
  const kMax = s.depths[s.depths.length - 1];
  const out: string[] = [];
  out.push(`# ${spec.name}: Furtak & Buro 2009, Figure 4 on Othello endgames`, '');
  out.push(
    `${ctx.generator}; run created ${ctx.createdAt}; status ${ctx.status}; ${s.trees} positions per k; ${ctx.workers} worker${ctx.workers === 1 ? '' : 's'}` +
      `${ctx.wallSeconds === null ? '' : `; wall time ${ctx.wallSeconds.toFixed(1)} s`}.`,
    '',
  );
  out.push('## Parameters', '');
  out.push(`- model: \`${JSON.stringify(spec.model)}\``);
  const problems = (spec.model as { problems?: string }).problems === 'ffo-40-59' ? 'FFO #40–#59' : 'FForum problems';
  out.push(`- lines (${problems}): ${spec.trees}; ${axis}: ${s.depths[0]}..${kMax}`);
  out.push(
    `- counter: visited nodes (every node a search generates, leaves included), cumulative over the passes of iterative deepening, ÷ the exact minimum proof tree of the position's game tree`,
  );
  out.push('- series:');
  for (const x of spec.series)
    out.push(
      `  - ${seriesLabel(x)}: \`${x.algorithm}\`, ordering \`${x.ordering}\`, ${seriesIterative(spec, x) ? 'iterative deepening' : 'plain'}`,
    );
  out.push(`- description: ${spec.description ?? ''}`, '');
  out.push('## What a depth and a count are', '');
  out.push(
    '- Each position is searched to the end of the game: a plain search is one search of depth ≥ k + passes; iterative deepening runs ' +
      'passes of depth 1..k−1 whose horizon scores the static estimate (mobility + 8 × corners), each ordered by the passes before, then the ' +
      "pass to the end. Every value is the exact final disc differential (checked equal across series and against the proof's own solver).",
  );
  out.push(
    "- The denominator is Figure 2 on the position's game tree (the unfolding of its DAG of transpositions): an upper bound of the " +
      'minimum proof graph, which is NP-hard to compute (Sec. 4). A search with a transposition table may therefore fall below 1.',
    '',
  );
  out.push(`## Nodes ÷ minimum proof tree (mean over positions, 95 % interval)`, '');
  out.push(
    `| k | MPT (mean) | ${s.series.map((x) => x.series).join(' | ')} |`,
    `|---|---|${s.series.map(() => '---').join('|')}|`,
  );
  const n1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
  const ci = (a: [number, number]) => (Number.isFinite(a[0]) ? ` [${a[0].toFixed(2)}, ${a[1].toFixed(2)}]` : '');
  s.depths.forEach((d, k) =>
    out.push(
      `| ${d} | ${n1(s.mpgSeen[k])} | ${s.series.map((x) => `${x.ratio[k].toFixed(2)}${ci(x.ci95[k])}`).join(' | ')} |`,
    ),
  );
  out.push('', `## Reductions at k = ${kMax}`, '');
  out.push(
    'Reduction = 1 − r̄(series) / r̄(against), r̄ the mean of nodes ÷ MPT over positions, 95 % interval by the delta method for paired ' +
      'means; "paired" = mean over positions of 1 − nodes(series) / nodes(against) with its t interval.',
    '',
  );
  out.push(
    `| algorithm | series | against | reduction | 95 % CI | paired mean [95 % CI] |`,
    '|---|---|---|---|---|---|',
  );
  for (const c of s.comparisons)
    out.push(
      `| ${c.algorithm} | ${c.series} | ${c.against} | ${pct(c.reduction)} | ${iv(c.ci95)} | ${pct(c.pairedMean)} ${iv(c.pairedCi95)} |`,
    );
  out.push('', '## Verdict', '');
  for (const c of s.comparisons)
    out.push(
      `- ${c.algorithm}: ${c.series} vs ${c.against}: ${pct(c.reduction)} ${iv(c.ci95)} — ${verdict(c, undefined).replace(' (the paper gives no figure for this algorithm)', '')}.`,
    );
  out.push('');
  return `${out.join('\n')}\n`;
}

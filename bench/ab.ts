/**
 * Is a change faster? A workload of another checkout (A, e.g. main before the change) against this one
 * (B), measured where separate timed runs cannot tell a few per cent apart: on a shared machine whose
 * speed drifts by ±15 % within minutes. Both checkouts load into one process (each its own module
 * instances, from its own files), and tree by tree A and B take turns, A first on even trees and B first
 * on odd ones, so that the machine's drift falls on both alike. Each side's CPU time per series (and for
 * the MPG denominators) is summed over the trees; B / A is printed per series, in all, and as the median
 * of the per-tree ratios. Both must count the same nodes in every series and size the same MPGs on every
 * tree, or it stops and says where: it checks that a change keeps the numbers while it times it.
 *
 * The workloads (AB_WORKLOAD):
 *  - `fig4` (default): a Figure 4 preset (AB_PRESET, default furtak-buro-fig4) at AB_DEPTH (10), its
 *    series and MPG denominators (given the root values the searches found, as a run gives them),
 *    AB_TREES trees (32). Against an identical checkout it measured 0.99–1.02
 *    for all series and 1.00–1.01 as the median (32 trees, ~35 s); a single series alone is noisier (±5–8 %).
 *  - `generic`: the generic engine's searches of `npm run bench` (./search-ratios.ts: alpha-beta and
 *    NegaScout by estimate, no memories), AB_TREES trees (default 1000, ~1.5 ms each);
 *  - `kernel`: the same searches through the public alphaBeta / negaScout, which take the specialised kernel.
 *
 *   node --import tsx bench/ab.ts OTHER_CHECKOUT
 *   AB_TREES=32 AB_FIRST=0 AB_DEPTH=10 AB_PRESET=furtak-buro-fig4 node --import tsx bench/ab.ts OTHER_CHECKOUT
 *   AB_WORKLOAD=generic node --import tsx bench/ab.ts OTHER_CHECKOUT
 *
 * e.g. `git worktree add ../before main && ln -s "$PWD/node_modules" ../before/node_modules`, then
 * `node --import tsx bench/ab.ts ../before`: the other checkout's sources resolve their packages from
 * its own node_modules.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { envInt } from './env-int.ts';
import { WORKLOAD, workloadTree } from './search-ratios.ts';

/** CPU milliseconds per series and for the MPG denominators: of one tree, or summed over trees. */
interface Cost {
  seriesMs: number[];
  mpgMs: number;
}

const searchMs = (c: Cost) => c.seriesMs.reduce((x, y) => x + y, 0);

function addInto(sum: Cost, c: Cost): void {
  c.seriesMs.forEach((ms, i) => {
    sum.seriesMs[i] += ms;
  });
  sum.mpgMs += c.mpgMs;
}

/** One tree's work as a checkout does it: its cost, and the numbers. */
export interface TreeCost extends Cost {
  /** nodes each series visited (all passes) */
  nodes: number[];
  /** the MPG denominators, as JSON ('' for a workload without them) */
  mpg: string;
}

export interface Workload {
  labels: string[];
  run(tree: number): TreeCost;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

/** Import a module of the checkout at `root` by its path there (its own instance, not this checkout's). */
const importer = (root: string) => (path: string) => import(pathToFileURL(join(root, path)).href);

/** The workload of preset `preset` at `depth` (every series, then the denominators) in the checkout at `root`. */
export async function loadWorkload(root: string, preset: string, depth: number): Promise<Workload> {
  const load = importer(root);
  const [{ presetSpec }, { makeGame }, { denominators }, { searchSeries }, { specHeight, seriesLabel }] =
    await Promise.all([
      load('shared/experiments/presets.ts'),
      load('shared/models/registry.ts'),
      load('shared/experiments/run-tree.ts'),
      load('shared/experiments/search-series.ts'),
      load('shared/experiments/spec.ts'),
    ]);
  const spec = presetSpec(preset, { depth });
  return {
    labels: spec.series.map(seriesLabel),
    run(tree) {
      const game = makeGame(spec.model, specHeight(spec), spec.seed, tree);
      const seriesMs: number[] = [];
      const nodes: number[] = [];
      // The truncations' root values the searches found, which the run hands to the denominators.
      const rootValues = new Map<number, number>();
      for (const s of spec.series) {
        const t0 = process.cpuUsage();
        const passes = searchSeries(spec, s, game, depth);
        seriesMs.push(cpuMs(t0));
        nodes.push(passes[passes.length - 1].cumulative.visited);
        for (const r of passes) rootValues.set(r.depth, r.value);
      }
      const t0 = process.cpuUsage();
      const mpg = JSON.stringify(denominators(spec, tree, game, rootValues));
      return { seriesMs, mpgMs: cpuMs(t0), nodes, mpg };
    },
  };
}

/**
 * `npm run bench`'s searches (./search-ratios.ts) in the checkout at `root`: tree t of its workload,
 * searched by alpha-beta and by NegaScout, on the generic engine's node function or (`kernel`) through
 * the public searches, which take the specialised kernel there; no MPGs.
 */
export async function loadSearchWorkload(root: string, engine: 'generic' | 'kernel'): Promise<Workload> {
  const load = importer(root);
  const [
    { PrefixValueTree },
    { SearchContext },
    { pvNode },
    { estimateOrdering },
    { INF },
    { alphaBeta },
    { negaScout },
  ] = await Promise.all([
    load('shared/models/prefix-value.ts'),
    load('shared/search/search-context.ts'),
    load('shared/search/pv-node.ts'),
    load('shared/search/ordering/by-estimate.ts'),
    load('shared/game/game.ts'),
    load('shared/search/alpha-beta.ts'),
    load('shared/search/negascout.ts'),
  ]);
  const opts = { ordering: estimateOrdering };
  return {
    labels: engine === 'generic' ? ['alpha-beta (generic)', 'NegaScout (generic)'] : ['alpha-beta', 'NegaScout'],
    run(tree) {
      const seriesMs: number[] = [];
      const nodes: number[] = [];
      for (const scout of [false, true]) {
        const game = new PrefixValueTree(workloadTree(tree));
        const ctx = engine === 'generic' ? new SearchContext(game, opts, scout) : null;
        const t0 = process.cpuUsage();
        let counters: { visited: number };
        if (ctx !== null) {
          pvNode(ctx, WORKLOAD.depth, -INF, INF, -1);
          counters = ctx.counters;
        } else {
          counters = (scout ? negaScout : alphaBeta)(game, WORKLOAD.depth, opts).counters;
        }
        seriesMs.push(cpuMs(t0));
        nodes.push(counters.visited);
      }
      return { seriesMs, mpgMs: 0, nodes, mpg: '' };
    },
  };
}

export interface Comparison {
  labels: string[];
  trees: number;
  /** CPU milliseconds summed over the trees, per series, then the MPGs */
  a: Cost;
  b: Cost;
  /** the median over trees of B's search time / A's */
  medianRatio: number;
}

/**
 * Trees first..first+trees−1 on A and on B in turns (A first on even trees), after one tree each to
 * warm up; throws at the first tree where the two count different nodes or size different MPGs.
 */
export function compare(a: Workload, b: Workload, first: number, trees: number): Comparison {
  a.run(first);
  b.run(first);
  const zero = (): Cost => ({ seriesMs: a.labels.map(() => 0), mpgMs: 0 });
  const sum = { a: zero(), b: zero() };
  const ratios: number[] = [];
  for (let t = first; t < first + trees; t++) {
    let ra: TreeCost;
    let rb: TreeCost;
    if (t % 2 === 0) {
      ra = a.run(t);
      rb = b.run(t);
    } else {
      rb = b.run(t);
      ra = a.run(t);
    }
    ra.nodes.forEach((n, i) => {
      if (rb.nodes[i] !== n)
        throw new Error(`tree ${t}, series ${a.labels[i]}: A visits ${n} nodes, B ${rb.nodes[i]}: not the same search`);
    });
    if (ra.mpg !== rb.mpg) throw new Error(`tree ${t}: the MPG denominators differ: A ${ra.mpg}, B ${rb.mpg}`);
    addInto(sum.a, ra);
    addInto(sum.b, rb);
    ratios.push(searchMs(rb) / searchMs(ra));
  }
  ratios.sort((x, y) => x - y);
  return { labels: a.labels, trees, a: sum.a, b: sum.b, medianRatio: ratios[ratios.length >> 1] };
}

/**
 * The comparison as a table: ms per tree for A and B and B / A, per series, all series, and where the
 * workload has them the MPGs and the whole.
 */
export function report(c: Comparison): string[] {
  const w = Math.max(20, ...c.labels.map((l) => l.length));
  const row = (name: string, a: number, b: number) =>
    `${name.padEnd(w)} | ${(a / c.trees).toFixed(2).padStart(9)} | ${(b / c.trees).toFixed(2).padStart(9)} | ${(b / a).toFixed(3)}`;
  const mpg = c.a.mpgMs + c.b.mpgMs > 0;
  return [
    `${'CPU ms per tree'.padEnd(w)} |         A |         B | B / A`,
    ...c.labels.map((l, i) => row(l, c.a.seriesMs[i], c.b.seriesMs[i])),
    row('all series', searchMs(c.a), searchMs(c.b)),
    ...(mpg
      ? [
          row('MPG denominators', c.a.mpgMs, c.b.mpgMs),
          row('whole tree', searchMs(c.a) + c.a.mpgMs, searchMs(c.b) + c.b.mpgMs),
        ]
      : []),
    `median over the ${c.trees} trees of B / A (all series): ${c.medianRatio.toFixed(3)}`,
  ];
}

async function main(): Promise<void> {
  const other = process.argv[2];
  if (other === undefined)
    throw new Error('usage: [AB_WORKLOAD=fig4|generic|kernel] node --import tsx bench/ab.ts OTHER_CHECKOUT');
  const rootA = resolve(other);
  if (!existsSync(join(rootA, 'shared/experiments/presets.ts')))
    throw new Error(`${rootA} is not a Game Tree Lab checkout: it has no shared/experiments/presets.ts`);
  if (!existsSync(join(rootA, 'node_modules')))
    throw new Error(`${rootA} has no node_modules: run npm ci there, or link this checkout's node_modules into it`);
  const kind = process.env.AB_WORKLOAD ?? 'fig4';
  if (kind !== 'fig4' && kind !== 'generic' && kind !== 'kernel')
    throw new RangeError(`AB_WORKLOAD = ${kind} is not allowed: it must be fig4, generic or kernel`);
  const preset = process.env.AB_PRESET ?? 'furtak-buro-fig4';
  const depth = envInt('AB_DEPTH', 10);
  const trees = envInt('AB_TREES', kind === 'fig4' ? 32 : 1000);
  const first = envInt('AB_FIRST', 0);
  if (depth < 1 || trees < 1) throw new RangeError('AB_DEPTH and AB_TREES must be at least 1');
  const load = (root: string) => (kind === 'fig4' ? loadWorkload(root, preset, depth) : loadSearchWorkload(root, kind));
  const a = await load(rootA);
  const b = await load(resolve(import.meta.dirname, '..'));
  const what =
    kind === 'fig4' ? `${preset}, depth ${depth}` : `npm run bench's ${kind} searches, depth ${WORKLOAD.depth}`;
  console.log(`${what}, trees ${first}..${first + trees - 1}; A = ${rootA}, B = this checkout`);
  for (const line of report(compare(a, b, first, trees))) console.log(line);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();

/**
 * Search throughput of the TypeScript engine against the plain C reference (../shared/bench/pvt.c),
 * measured side by side: prefix value trees, branching U[4..12], damage D = 6, noise E = 4, depth 8,
 * alpha-beta and NegaScout with static ordering by the noisy estimate, for the specialised kernel (the
 * public searches on this workload) and the generic engine (pv-node.ts, as used with memories and by
 * every other game). Node counts follow the project's convention (visited = every call, as pvt.c
 * counts). The trees differ from the C program's (different hash functions) but come from the same
 * distribution, so nodes per tree agree on average.
 *
 * The machine is shared, so each round runs the kernel, the generic engine and C one after the other
 * and takes their ratios within the round; the figures reported are medians over the rounds (after one
 * untimed warm-up round of the TypeScript side), so one slow or one lucky round does not move them.
 */
import { PrefixValueTree, type PrefixValueParams } from '../shared/models/prefix-value.ts';
import { INF } from '../shared/game/game.ts';
import { alphaBeta } from '../shared/search/alpha-beta.ts';
import { negaScout } from '../shared/search/negascout.ts';
import { pvNode } from '../shared/search/pv-node.ts';
import { SearchContext } from '../shared/search/search-context.ts';
import { estimateOrdering } from '../shared/search/ordering/by-estimate.ts';
import { runReference } from './c-reference.ts';

export const WORKLOAD = { bmin: 4, bmax: 12, damage: 6, noise: 4, depth: 8 };

/** Tree t of the workload (the C reference draws its own trees of the same law). */
export function workloadTree(t: number): PrefixValueParams {
  const P = WORKLOAD;
  return {
    height: P.depth,
    bmin: P.bmin,
    bmax: P.bmax,
    damage: P.damage,
    noise: { kind: 'uniform', e: P.noise },
    seed: 1,
    tree: t,
  };
}

type Algo = 'ab' | 'ns';
type Engine = 'kernel' | 'generic';

interface Rate {
  nodesPerTree: number;
  mnodesPerSecond: number;
}

/**
 * `engine`: "kernel" = the public alphaBeta / negaScout, which take the prefix-value kernel here (in
 * WebAssembly, shared/models/prefix-value-wasm.ts); "generic" = the generic engine's node function.
 */
function runTs(algo: Algo, engine: Engine, trees: number): Rate {
  const search = algo === 'ab' ? alphaBeta : negaScout;
  const P = WORKLOAD;
  let nodes = 0;
  const t0 = performance.now();
  for (let t = 0; t < trees; t++) {
    const g = new PrefixValueTree(workloadTree(t));
    let value: number;
    if (engine === 'kernel') {
      const r = search(g, P.depth, { ordering: estimateOrdering });
      value = r.value;
      nodes += r.counters.visited;
    } else {
      const ctx = new SearchContext(g, { ordering: estimateOrdering }, algo === 'ns');
      value = pvNode(ctx, P.depth, -INF, INF, -1);
      nodes += ctx.counters.visited;
    }
    if (value !== 0) throw new Error(`tree ${t}: ${algo} (${engine}) returned ${value}, the true value is 0`);
  }
  const s = (performance.now() - t0) / 1000;
  return { nodesPerTree: nodes / trees, mnodesPerSecond: nodes / s / 1e6 };
}

interface AlgoRatios {
  algo: Algo;
  /** median rates over the rounds */
  kernel: Rate;
  generic: Rate;
  /** null without the C reference */
  c: Rate | null;
  /** TS / C within each round, per engine, over the rounds; null without the C reference */
  ratio: Record<Engine, RatioStat> | null;
}

/** A ratio measured in paired rounds: its median, and its least and greatest round (how far the machine moved it). */
interface RatioStat {
  median: number;
  min: number;
  max: number;
}

function ratioStat(xs: readonly number[]): RatioStat {
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
}

/** "0.93 (0.81–1.02)": the median ratio and, in brackets, its least and greatest round. */
export function ratioText(r: RatioStat): string {
  return `${r.median.toFixed(2)} (${r.min.toFixed(2)}–${r.max.toFixed(2)})`;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function medianRate(rs: readonly Rate[]): Rate {
  return { nodesPerTree: rs[0].nodesPerTree, mnodesPerSecond: median(rs.map((r) => r.mnodesPerSecond)) };
}

/** Rounds of kernel, generic and C (`bin` = the built reference, or null to leave C out). */
export function measureSearchRatios(bin: string | null, algo: Algo, trees: number, rounds: number): AlgoRatios {
  runTs(algo, 'kernel', Math.min(trees, 50));
  runTs(algo, 'generic', Math.min(trees, 50));
  const kernel: Rate[] = [];
  const generic: Rate[] = [];
  const c: Rate[] = [];
  const kr: number[] = [];
  const gr: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const k = runTs(algo, 'kernel', trees);
    const g = runTs(algo, 'generic', trees);
    kernel.push(k);
    generic.push(g);
    if (bin !== null) {
      const x = runReference(bin, algo, WORKLOAD.depth, trees, WORKLOAD);
      c.push(x);
      kr.push(k.mnodesPerSecond / x.mnodesPerSecond);
      gr.push(g.mnodesPerSecond / x.mnodesPerSecond);
    }
  }
  return {
    algo,
    kernel: medianRate(kernel),
    generic: medianRate(generic),
    c: bin === null ? null : medianRate(c),
    ratio: bin === null ? null : { kernel: ratioStat(kr), generic: ratioStat(gr) },
  };
}

export function algoName(algo: Algo): string {
  return algo === 'ab' ? 'alpha-beta' : 'NegaScout';
}

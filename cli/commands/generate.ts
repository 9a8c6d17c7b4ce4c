/**
 * `gtlab generate MODEL … --out FILE`: materialise a generated tree (or the set-cover DAG) and write it
 * in the format the extension names (.json .dot .graphml .tex). Sizes are checked before anything is
 * generated; nothing is written unless the whole file is ready.
 */
import { type Flags, checked, choice, int, intRange, num, parse, requireStr, str } from '../args.ts';
import { readText, writeAtomically } from '../files.ts';
import { UsageError } from '../usage-error.ts';
import type { Graph, GraphMeta } from '../../shared/game/graph.ts';
import { materialize } from '../../shared/game/materialize.ts';
import { checkPrefixValueParams, type Noise, type PrefixValueParams } from '../../shared/models/prefix-value.ts';
import { checkUniformParams, type UniformParams } from '../../shared/models/uniform.ts';
import { checkLiDependentParams, type LiDependentParams } from '../../shared/models/li-dependent.ts';
import { expectedTreeSize, makeModelGame, MODEL_KINDS, type ModelSpec } from '../../shared/models/registry.ts';
import { MAX_DEPTH, MAX_TREE_INDEX } from '../../shared/util/range.ts';
import { parseSetCoverFile } from '../../shared/models/set-cover-instance.ts';
import { setCoverGraph } from '../../shared/models/set-cover.ts';
import { exportGraph, formatFromPath } from '../../shared/io/export.ts';
import { GENERATOR } from '../../shared/version.ts';

export const GENERATE_HELP = `gtlab generate MODEL [flags] --out FILE

Generate a game tree and write it; the format follows the extension of FILE:
.json (gtlab-graph), .dot/.gv (Graphviz), .graphml, .tex (TikZ forest, small trees only).

Models and their flags:
  prefix-value   Furtak & Buro 2009, Sec. 7 (one zero-damage move per node: f = p)
                 --depth D --branching MIN..MAX|N --damage D --seed S
                 [--noise E] [--noise-kind uniform|gaussian|softmax] [--root-value V] [--tree I]
                 (--noise is E of U[-E..E] for uniform, C for gaussian C*N(0,1) and softmax)
  incremental    the same flags, without the zero-damage guarantee (Fuller et al.; Scheucher & Kaindl)
  uniform        Pearl / Nau independent trees: --degree N --depth D --seed S and one leaf law:
                 --values LO..HI | --p0 P (bi-valued, win = 1 with probability P) | --distinct [--tree I]
  li             Li's node-dependent binary trees (thesis Ch. 2): --depth D --p0 P --f1 F --f2 F --seed S
                 [--z1 Z --z2 Z] (the asymmetric variant (e'')/(f'')) [--tree I]
  set-cover      Furtak & Buro Sec. 4, Fig. 1: --instance FILE (gtlab-setcover JSON) [--variant target|minimax]

Common flags:
  --out FILE         where to write (required)
  --max-nodes N      refuse trees with more nodes than N (default 2000000)
  --json             print a JSON summary on stdout
`;

/** The experiment models (shared/models/registry.ts), and the set-cover DAG of an instance file. */
const MODELS = [...MODEL_KINDS, 'set-cover'] as const;

export async function generate(argv: string[]): Promise<number> {
  const model = argv[0];
  if (model === undefined || model === '--help' || model === '-h') {
    process.stdout.write(GENERATE_HELP);
    return model === undefined ? 2 : 0;
  }
  if (!(MODELS as readonly string[]).includes(model)) throw new UsageError(`unknown model "${model}": use one of ${MODELS.join(', ')}`);
  const { flags } = parse(argv.slice(1), {
    depth: { type: 'string' }, branching: { type: 'string' }, damage: { type: 'string' }, noise: { type: 'string' },
    'noise-kind': { type: 'string' }, 'root-value': { type: 'string' }, tree: { type: 'string' }, seed: { type: 'string' },
    degree: { type: 'string' }, values: { type: 'string' }, p0: { type: 'string' }, distinct: { type: 'boolean' },
    f1: { type: 'string' }, f2: { type: 'string' }, z1: { type: 'string' }, z2: { type: 'string' },
    instance: { type: 'string' }, variant: { type: 'string' },
    out: { type: 'string' }, 'max-nodes': { type: 'string' }, json: { type: 'boolean' },
  }, GENERATE_HELP);
  const out = requireStr(flags, 'out');
  const format = checked(() => formatFromPath(out));
  const maxNodes = int(flags, 'max-nodes', 1, 50_000_000, 2_000_000);
  const graph = model === 'set-cover' ? setCover(flags) : tree(model, flags, maxNodes);
  if (graph.nodeCount > maxNodes) throw new UsageError(`the graph has ${graph.nodeCount} nodes, above --max-nodes ${maxNodes}`);
  const text = checked(() => exportGraph(graph, format));
  writeAtomically(out, text);
  const summary = { out, format, model, nodes: graph.nodeCount, kind: graph.kind, meta: graph.meta };
  if (flags.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else process.stderr.write(`wrote ${out}: ${graph.kind} with ${graph.nodeCount} nodes (${format})\n`);
  return 0;
}

function tree(model: string, flags: Flags, maxNodes: number): Graph {
  const seed = int(flags, 'seed', -(2 ** 53 - 1), 2 ** 53 - 1);
  const treeIndex = int(flags, 'tree', 0, MAX_TREE_INDEX, 0);
  let spec: ModelSpec;
  let params: Record<string, unknown>;
  const depth = int(flags, 'depth', 0, MAX_DEPTH);
  if (model === 'prefix-value' || model === 'incremental') {
    const [bmin, bmax] = intRange(flags, 'branching', 1, 64);
    const kind = choice(flags, 'noise-kind', ['uniform', 'gaussian', 'softmax'] as const, 'uniform');
    const noise: Noise | undefined = str(flags, 'noise') === undefined ? undefined
      : kind === 'uniform' ? { kind, e: int(flags, 'noise', 0, 1_000_000) } : { kind, c: num(flags, 'noise', 0, 1e6) };
    const p: PrefixValueParams = {
      height: depth, bmin, bmax, damage: int(flags, 'damage', 0, 1_000_000), noise, zeroDamage: model === 'prefix-value',
      rootValue: int(flags, 'root-value', -1_000_000, 1_000_000, 0), seed, tree: treeIndex,
    };
    checked(() => checkPrefixValueParams(p));
    spec = { kind: model === 'prefix-value' ? 'prefix-value' : 'incremental', bmin, bmax, damage: p.damage, noise, rootValue: p.rootValue };
    params = metaParams(p);
  } else if (model === 'uniform') {
    const degree = int(flags, 'degree', 1, 64);
    const laws = [str(flags, 'values') !== undefined, str(flags, 'p0') !== undefined, flags.distinct === true].filter(Boolean).length;
    if (laws !== 1) throw new UsageError('uniform trees need exactly one leaf law: --values LO..HI, --p0 P or --distinct');
    const leaves: UniformParams['leaves'] = str(flags, 'values') !== undefined
      ? (([lo, hi]) => ({ kind: 'range' as const, lo, hi }))(intRange(flags, 'values', -1_000_000, 1_000_000))
      : str(flags, 'p0') !== undefined ? { kind: 'bivalued', p0: num(flags, 'p0', 0, 1) } : { kind: 'distinct' };
    const p: UniformParams = { degree, height: depth, leaves, seed, tree: treeIndex };
    checked(() => checkUniformParams(p));
    spec = { kind: 'uniform', degree, leaves };
    params = metaParams(p);
  } else {
    const p: LiDependentParams = {
      height: depth, p0: num(flags, 'p0', 0, 1), f1: num(flags, 'f1', 0, 1), f2: num(flags, 'f2', 0, 1),
      z1: str(flags, 'z1') === undefined ? undefined : num(flags, 'z1', 0, 1),
      z2: str(flags, 'z2') === undefined ? undefined : num(flags, 'z2', 0, 1),
      seed, tree: treeIndex,
    };
    checked(() => checkLiDependentParams(p));
    spec = { kind: 'li', p0: p.p0, f1: p.f1, f2: p.f2, z1: p.z1, z2: p.z2 };
    params = Object.fromEntries(Object.entries(metaParams(p)).filter(([, v]) => v !== undefined));
  }
  const expected = expectedTreeSize(spec, depth);
  if (expected > maxNodes) {
    throw new UsageError(
      `the ${model} tree would have about ${Math.round(expected).toLocaleString('en')} nodes (expected), above --max-nodes ${maxNodes}; ` +
      'lower --depth or the branching, or raise --max-nodes',
    );
  }
  const meta: GraphMeta = { model, params, seed, generator: GENERATOR };
  return checked(() => materialize(makeModelGame(spec, depth, seed, treeIndex), depth, meta, maxNodes));
}

/** A model's parameters as the file's meta records them: the tree height under its CLI and spec name, depth. */
function metaParams(p: { height: number }): Record<string, unknown> {
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [k === 'height' ? 'depth' : k, v]));
}

function setCover(flags: Flags): Graph {
  const file = requireStr(flags, 'instance');
  const variant = choice(flags, 'variant', ['target', 'minimax'] as const, 'target');
  const inst = (() => {
    try {
      return parseSetCoverFile(readText(file, '--instance'));
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`--instance ${file}: ${(e as Error).message}`);
    }
  })();
  const g = checked(() => setCoverGraph(inst, variant));
  g.meta = { ...g.meta, model: 'set-cover', params: { variant, instance: file }, seed: null, generator: GENERATOR };
  return g;
}


/**
 * `gtlab generate MODEL … --out FILE`: materialise a generated tree (or the set-cover DAG) and write it
 * in the format the extension names (.json .dot .graphml .tex). Sizes are checked before anything is
 * generated; nothing is written unless the whole file is ready.
 */
import { type Flags, checked, choice, int, parse, requireStr, flagOptions } from '../args.ts';
import { readText, writeAtomically } from '../files.ts';
import { modelFlagOptions, modelFromFlags } from '../model-flags.ts';
import { UsageError } from '../usage-error.ts';
import type { Graph, GraphMeta } from '../../shared/game/graph.ts';
import { materialize, materializeTruncation } from '../../shared/game/materialize.ts';
import {
  expectedTreeSize,
  MODEL_KINDS,
  MODEL_REGISTRY,
  modelDescriptor,
  type ModelKind,
  type ModelSpec,
} from '../../shared/models/registry.ts';
import { MAX_DEPTH, MAX_TREE_INDEX } from '../../shared/util/range.ts';
import { parseSetCoverFile } from '../../shared/set-cover/set-cover-instance.ts';
import { setCoverGraph } from '../../shared/set-cover/set-cover.ts';
import { exportGraph, formatFromPath } from '../../shared/io/export.ts';
import { GENERATOR } from '../../shared/version.ts';
import { quoted } from '../../shared/util/quoted.ts';

/** A model's lines of the help: its kind, then its descriptor's lines in the second column. */
function modelHelp(kind: string, lines: readonly string[]): string {
  return lines.map((l, i) => `  ${(i === 0 ? kind : '').padEnd(15)}${l}\n`).join('');
}

export const GENERATE_HELP = `gtlab generate MODEL [flags] --out FILE

Generate a game tree and write it; the format follows the extension of FILE:
.json (gtlab-graph), .dot/.gv (Graphviz), .graphml, .tex (TikZ forest, small trees only).

Models and their flags:
${MODEL_REGISTRY.map((d) => modelHelp(d.kind, d.cli.help)).join('')}${modelHelp('set-cover', ['Furtak & Buro Sec. 4, Fig. 1: --instance FILE (gtlab-setcover JSON) [--variant target|minimax]'])}
Common flags:
  --out FILE         where to write (required)
  --search-depth D   write the depth-D truncation as a depth-D search sees it: leaves at ply D carry the
                     horizon value (with --horizon estimate the noisy estimate), interior values are left
                     for the reader to solve (gtlab solve FILE gives the search's value); 0..--depth
  --max-nodes N      refuse trees with more nodes than N (default 2000000)
  --json             print a JSON summary on stdout
`;

/** The experiment models (shared/models/registry.ts), and the set-cover DAG of an instance file. */
export const GENERATE_MODELS = [...MODEL_KINDS, 'set-cover'] as const;

export async function generate(argv: string[]): Promise<number> {
  const model = argv[0];
  if (model === undefined || model === '--help' || model === '-h') {
    process.stdout.write(GENERATE_HELP);
    return model === undefined ? 2 : 0;
  }
  if (!(GENERATE_MODELS as readonly string[]).includes(model))
    throw new UsageError(`unknown model ${quoted(model)}: use one of ${GENERATE_MODELS.join(', ')}`);
  const { flags } = parse(
    argv.slice(1),
    {
      ...modelFlagOptions(MODEL_REGISTRY),
      ...flagOptions(['depth', 'tree', 'seed', 'instance', 'variant', 'out', 'max-nodes', 'search-depth'], ['json']),
    },
    GENERATE_HELP,
  );
  const out = requireStr(flags, 'out');
  const format = checked(() => formatFromPath(out));
  const maxNodes = int(flags, 'max-nodes', 1, 50_000_000, 2_000_000);
  const graph = model === 'set-cover' ? setCover(flags) : tree(model as ModelKind, flags, maxNodes);
  if (graph.nodeCount > maxNodes)
    throw new UsageError(`the graph has ${graph.nodeCount} nodes, above --max-nodes ${maxNodes}`);
  const text = checked(() => exportGraph(graph, format));
  writeAtomically(out, text);
  const summary = { out, format, model, nodes: graph.nodeCount, kind: graph.kind, meta: graph.meta };
  if (flags.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else process.stderr.write(`wrote ${out}: ${graph.kind} with ${graph.nodeCount} nodes (${format})\n`);
  return 0;
}

/** A registered model's tree: the common flags, then the model's own as its descriptor declares them. */
function tree(model: ModelKind, flags: Flags, maxNodes: number): Graph {
  const d = modelDescriptor(model);
  const seed = int(flags, 'seed', -(2 ** 53 - 1), 2 ** 53 - 1);
  const treeIndex = int(flags, 'tree', 0, MAX_TREE_INDEX, 0);
  const depth = int(flags, 'depth', 0, MAX_DEPTH);
  const searchDepth = flags['search-depth'] === undefined ? null : int(flags, 'search-depth', 0, depth);
  const spec = modelFromFlags(d, flags) as ModelSpec;
  const game = checked(() => d.make(spec, depth, seed, treeIndex)); // the core's own checks (e.g. its tallest tree)
  const expected = expectedTreeSize(spec, searchDepth ?? depth);
  // Real positions' trees follow the position, not a branching law: materialize refuses one above the limit.
  if (d.positions === undefined && expected > maxNodes) {
    throw new UsageError(
      `the ${model} tree would have about ${Math.round(expected).toLocaleString('en')} nodes (expected), above --max-nodes ${maxNodes}; ` +
        'lower --depth or the branching, or raise --max-nodes',
    );
  }
  const params = metaParams(d.params(spec, depth, seed, treeIndex));
  // A model of real positions: --depth picks the position, whose tree runs to the end of the game.
  const plies = d.positions === undefined ? depth : game.maxPly;
  if (searchDepth === null)
    return checked(() => materialize(game, plies, { model, params, seed, generator: GENERATOR }, maxNodes));
  const meta: GraphMeta = { model, params: { ...params, searchDepth }, seed, generator: GENERATOR };
  return checked(() => materializeTruncation(game, searchDepth, meta, maxNodes));
}

/** A model's parameters as the file's meta records them: the tree height under its CLI and spec name, depth; unset ones left out. */
function metaParams(p: { height: number }): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(p)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k === 'height' ? 'depth' : k, v]),
  );
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

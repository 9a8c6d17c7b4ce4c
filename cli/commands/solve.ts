/**
 * `gtlab solve FILE --proof minimax|target [--target T] [--out PROOF] [--json]`: the exact value and the
 * minimum proof tree (Furtak & Buro 2009, Sec. 5: Figure 2 for minimax proofs, Sec. 5.1 for target
 * proofs), optionally written as a gtlab-proof file.
 */
import { choice, int, parse, str, flagOptions } from '../args.ts';
import { writeAtomically } from '../files.ts';
import { loadGraph } from '../load-graph.ts';
import { UsageError } from '../usage-error.ts';
import { minimumProofTree } from '../../shared/proof/minimax-proof-tree.ts';
import { minimumTargetProofTree } from '../../shared/proof/target-proof-tree.ts';
import { serializeProof, type ProofFile } from '../../shared/io/proof-file.ts';
import { GENERATOR } from '../../shared/version.ts';

const SOLVE_HELP = `gtlab solve FILE --proof minimax|target [--target T] [--out PROOF] [--json]

Solve a gtlab-graph file: its negamax value and its minimum proof tree
(minimax: Furtak & Buro Fig. 2; target: Sec. 5.1, proving value >= T for the root player).
On a DAG the proof is the minimum proof tree of the unfolded tree; "distinct" counts its distinct nodes.

  --proof minimax|target   which proof (default minimax)
  --target T               the target of a target proof (default: the root's value)
  --out PROOF              write the proof as a gtlab-proof JSON file
  --max-nodes N            refuse graphs larger than N nodes (default 5000000)
  --json                   print {"value", "nodes", "mpt", "distinct", "type"} on stdout
`;

export async function solve(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(
    argv,
    flagOptions(['proof', 'target', 'out', 'max-nodes'], ['json']),
    SOLVE_HELP,
  );
  if (positionals.length !== 1) throw new UsageError('solve takes exactly one graph FILE (see gtlab solve --help)');
  const type = choice(flags, 'proof', ['minimax', 'target'] as const, 'minimax');
  if (type === 'minimax' && str(flags, 'target') !== undefined)
    throw new UsageError('--target only applies to --proof target');
  const g = loadGraph(positionals[0], int(flags, 'max-nodes', 1, 50_000_000, 5_000_000));
  const t0 = performance.now();
  let result: { value: number; size: number; distinct: number; nodes: Int32Array; target?: number };
  if (type === 'minimax') {
    const r = minimumProofTree(g);
    result = { value: r.value, size: r.size, distinct: r.distinct, nodes: r.nodes };
  } else {
    const mm = minimumProofTree(g); // for the value; linear time
    const target = int(flags, 'target', -999_999_999, 999_999_999, mm.value);
    const r = minimumTargetProofTree(g, target);
    if (!r.proven) throw new UsageError(`--target ${target}: ${r.reason}`);
    result = { value: mm.value, size: r.size, distinct: r.distinct, nodes: r.nodes, target };
  }
  const seconds = (performance.now() - t0) / 1000;
  const out = str(flags, 'out');
  if (out !== undefined) {
    const proof: ProofFile = {
      type,
      ...(type === 'target' ? { target: result.target } : {}),
      value: result.value,
      size: result.distinct,
      nodes: Array.from(result.nodes),
      meta: { graph: positionals[0], graphMeta: g.meta, mpt: result.size, generator: GENERATOR },
    };
    writeAtomically(out, serializeProof(proof));
  }
  const summary = {
    value: result.value,
    nodes: g.nodeCount,
    mpt: result.size,
    distinct: result.distinct,
    type,
    ...(result.target !== undefined ? { target: result.target } : {}),
    seconds,
  };
  if (flags.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else
    process.stdout.write(
      `value ${result.value}; minimum ${type} proof tree ${result.size} nodes (${result.distinct} distinct) of ${g.nodeCount}${out ? `; proof written to ${out}` : ''}\n`,
    );
  return 0;
}

/**
 * `gtlab setcover study|solve`: the NP-hardness construction of Furtak & Buro (2009, Sec. 4, Figure 1)
 * with the exact minimum proof graph solver (shared/proof/exact-proof-graph.ts).
 *   study: random instances, exact MPG vs 2 + n + k* (target) and 4 + n + k* (minimax), the unfolded
 *          tree's MPT and alpha-beta + transposition table (shared/set-cover/set-cover-study.ts);
 *   solve: one gtlab-setcover instance file.
 * Exit codes: 0 every claim held, 1 a claim failed (a finding, printed), 2 bad input.
 */
import { checked, choice, int, num, parse, str, flagOptions } from '../args.ts';
import { readText } from '../files.ts';
import { UsageError } from '../usage-error.ts';
import { minimumSetCover, parseSetCoverFile, SET_COVER_LIMITS } from '../../shared/set-cover/set-cover-instance.ts';
import { SET_COVER_TARGET, setCoverGraph, setCoverProofSize } from '../../shared/set-cover/set-cover.ts';
import {
  EXACT_PROOF_GRAPH_LIMITS,
  minimumMinimaxProofGraph,
  minimumTargetProofGraph,
} from '../../shared/proof/exact-proof-graph.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import { validateTargetProof } from '../../shared/proof/validate-target-proof.ts';
import { SET_COVER_STUDY_SIZES, setCoverStudy } from '../../shared/set-cover/set-cover-study.ts';
import { COUNTING_CONVENTION } from '../../shared/search/counters.ts';
import { quoted } from '../../shared/util/quoted.ts';

const SIZES_TEXT = SET_COVER_STUDY_SIZES.map(({ n, m }) => `${n}x${m}`).join(', ');

export const SETCOVER_HELP = `gtlab setcover study [flags] | gtlab setcover solve FILE --proof target|minimax [flags]

The set-cover reduction of Furtak & Buro Sec. 4 (Figure 1) with an exact minimum proof graph solver
(branch and bound, small DAGs only). Claims: minimum target proof graph (t = 1) = 2 + n + k*, minimum
minimax proof graph (with the reconstructed dashed box) = 4 + n + k*, k* the minimum set cover.

study: random instances (instance i has seed S + i), per instance the exact minima, k*, the unfolded
tree's minimum proof trees and alpha-beta + transposition table on the minimax graph.
  --instances N   instances per size (default 10)
  --n N --m M     one size: n elements, m ≤ ${SET_COVER_LIMITS.maxExactSets} sets (default: the ladder ${SIZES_TEXT};
                  giving one of them uses n = m = that value for the other)
  --density P     probability a set contains an element, in (0, 1] (default 0.3)
  --seed S        first seed (default 1)
  --budget B      branch-and-bound nodes per exact solve before refusing (default ${EXACT_PROOF_GRAPH_LIMITS.budget})
  --json          print {"rows": [...], "checks": {...}, "summary": {...}, "params": {...}} on stdout

solve FILE: FILE is a gtlab-setcover instance ({"format": "gtlab-setcover", "version": 1, "universe", "sets"}).
  --proof target|minimax   which graph and proof (default target; minimax uses the variant with the box)
  --budget B               as above
  --json                   print {"proof", "n", "m", "kStar", "cover", "exact", "claimed", "claimHolds",
                           "proofNodes", "nodes", "valid", "searchNodes", "unfoldedDistinct", "graphNodes"}

Exit code 1 when a claim does not hold (the rows say where). Alpha-beta counts: ${COUNTING_CONVENTION}.
`;

export async function setcover(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    process.stdout.write(SETCOVER_HELP);
    return sub === undefined ? 2 : 0;
  }
  if (sub === 'study') return study(rest);
  if (sub === 'solve') return solve(rest);
  throw new UsageError(`setcover: unknown subcommand ${quoted(sub)}: use study or solve (gtlab setcover --help)`);
}

async function study(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(
    argv,
    flagOptions(['instances', 'n', 'm', 'density', 'seed', 'budget'], ['json']),
    SETCOVER_HELP,
  );
  if (positionals.length > 0)
    throw new UsageError(`setcover study takes no positional arguments (got ${positionals.join(' ')})`);
  const instances = int(flags, 'instances', 1, 10_000, 10);
  const maxN = EXACT_PROOF_GRAPH_LIMITS.maxNodes - 4 - SET_COVER_LIMITS.maxExactSets;
  const nFlag = str(flags, 'n') === undefined ? undefined : int(flags, 'n', 1, maxN);
  const mFlag = str(flags, 'm') === undefined ? undefined : int(flags, 'm', 1, SET_COVER_LIMITS.maxExactSets);
  const sizes =
    nFlag === undefined && mFlag === undefined
      ? SET_COVER_STUDY_SIZES.map((s) => ({ ...s }))
      : [{ n: nFlag ?? Math.min(maxN, mFlag!), m: mFlag ?? Math.min(SET_COVER_LIMITS.maxExactSets, nFlag!) }];
  const density = num(flags, 'density', 1e-9, 1, 0.3);
  const seed = int(flags, 'seed', -1_000_000_000_000, 1_000_000_000_000, 1);
  const budget = int(flags, 'budget', 1, 1_000_000_000, EXACT_PROOF_GRAPH_LIMITS.budget);
  const params = { instances, sizes, density, seed, budget };
  const t0 = performance.now();
  const progress = process.stderr.isTTY
    ? (done: number, total: number) => process.stderr.write(`\r${done}/${total} instances${done === total ? '\n' : ''}`)
    : undefined;
  const r = checked(() => setCoverStudy(params, progress));
  const seconds = (performance.now() - t0) / 1000;
  if (flags.json) {
    process.stdout.write(`${JSON.stringify({ ...r, params, seconds, counting: COUNTING_CONVENTION })}\n`);
  } else {
    const c = r.checks;
    const f = (x: { mean: number; min: number; max: number }) =>
      `${x.mean.toFixed(3)} [${x.min.toFixed(3)}, ${x.max.toFixed(3)}]`;
    process.stdout.write(
      `${c.instances} instances: target 2 + n + k* held on ${c.targetClaimHolds}, minimax 4 + n + k* on ${c.minimaxClaimHolds}, ` +
        `proofs valid ${c.proofsValid}; without the dashed box the minimax minimum differs from 2 + n + k* on ${c.noBoxDiffers}\n` +
        `ratios to the exact minimum, mean [min, max]:\n` +
        Object.entries(r.summary)
          .map(([k, v]) => `  ${k.padEnd(34)} ${f(v)}\n`)
          .join('') +
        (c.failures.length ? `claims failed: ${JSON.stringify(c.failures)}\n` : '') +
        `(${seconds.toFixed(2)} s)\n`,
    );
  }
  return r.checks.allHold ? 0 : 1;
}

async function solve(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(
    argv,
    { proof: { type: 'string' }, budget: { type: 'string' }, json: { type: 'boolean' } },
    SETCOVER_HELP,
  );
  if (positionals.length !== 1)
    throw new UsageError('setcover solve takes exactly one gtlab-setcover FILE (see gtlab setcover --help)');
  const proof = choice(flags, 'proof', ['target', 'minimax'] as const, 'target');
  const budget = int(flags, 'budget', 1, 1_000_000_000, EXACT_PROOF_GRAPH_LIMITS.budget);
  const file = positionals[0];
  const inst = checked(() => parseSetCoverFile(readText(file, 'FILE')));
  const n = inst.universe,
    m = inst.sets.length;
  const cover = checked(() => minimumSetCover(inst));
  const g = checked(() => setCoverGraph(inst, proof));
  const t0 = performance.now();
  let exact: { size: number; nodes: Int32Array; searchNodes: number; unfoldedDistinct: number };
  let valid: boolean;
  if (proof === 'target') {
    const r = checked(() => minimumTargetProofGraph(g, SET_COVER_TARGET, { budget }));
    if (!r.proven)
      throw new Error(`setcover solve: internal error, the reduction graph has no target proof (${r.reason})`);
    exact = r;
    valid = validateTargetProof(g, r.nodes, SET_COVER_TARGET).valid;
  } else {
    exact = checked(() => minimumMinimaxProofGraph(g, { budget }));
    valid = validateMinimaxProof(g, exact.nodes).valid;
  }
  const seconds = (performance.now() - t0) / 1000;
  const claimed = setCoverProofSize(proof, n, cover.size);
  const out = {
    proof,
    n,
    m,
    kStar: cover.size,
    cover: cover.sets,
    exact: exact.size,
    claimed,
    claimHolds: exact.size === claimed,
    proofNodes: exact.nodes.length,
    nodes: Array.from(exact.nodes),
    valid,
    searchNodes: exact.searchNodes,
    unfoldedDistinct: exact.unfoldedDistinct,
    graphNodes: g.nodeCount,
    seconds,
  };
  if (flags.json) process.stdout.write(`${JSON.stringify(out)}\n`);
  else {
    process.stdout.write(
      `${proof} proof graph of the reduction (n = ${n}, m = ${m}, ${g.nodeCount} nodes): exact minimum ${exact.size}, ` +
        `k* = ${cover.size}, claim ${claimed} ${out.claimHolds ? 'holds' : 'does NOT hold'}; the proof has ${out.proofNodes} nodes (${valid ? 'valid' : 'INVALID'})\n`,
    );
  }
  return out.claimHolds && valid ? 0 : 1;
}

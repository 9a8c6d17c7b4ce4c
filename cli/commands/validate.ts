/**
 * `gtlab validate GRAPH PROOF`: check a gtlab-proof file against a gtlab-graph file (Furtak & Buro
 * 2009, Sec. 2: target proof graphs, minimax proof graphs). Exit 0 and "valid …", or exit 1 and why.
 */
import { parse } from '../args.ts';
import { readText } from '../files.ts';
import { loadGraph } from '../load-graph.ts';
import { UsageError } from '../usage-error.ts';
import { FormatError } from '../../shared/io/format-error.ts';
import { checkProofAgainstGraph, parseProofFile, type ProofFile } from '../../shared/io/proof-file.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import { validateTargetProof } from '../../shared/proof/validate-target-proof.ts';

const VALIDATE_HELP = `gtlab validate GRAPH PROOF [--json]

Check that PROOF (gtlab-proof JSON) is a valid proof graph of GRAPH (gtlab-graph JSON):
a minimax proof graph (Furtak & Buro Sec. 2.2) or a target proof graph for its target (Sec. 2.1).
Exit code 0 and "valid ..." if it is; 1 and the reason if it is not; 2 if a file cannot be read.
`;

export async function validate(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(argv, { json: { type: 'boolean' } }, VALIDATE_HELP);
  if (positionals.length !== 2) throw new UsageError('validate takes GRAPH and PROOF (see gtlab validate --help)');
  const [graphPath, proofPath] = positionals;
  const g = loadGraph(graphPath);
  let proof: ProofFile;
  try {
    proof = parseProofFile(readText(proofPath, 'proof file'));
  } catch (e) {
    if (e instanceof FormatError) throw new UsageError(`${proofPath}: ${e.message}`);
    throw e;
  }
  const report = (valid: boolean, text: string): number => {
    if (flags.json)
      process.stdout.write(`${JSON.stringify({ valid, type: proof.type, size: proof.nodes.length, message: text })}\n`);
    else (valid ? process.stdout : process.stderr).write(`${text}\n`);
    return valid ? 0 : 1;
  };
  try {
    checkProofAgainstGraph(proof, g);
  } catch (e) {
    if (e instanceof FormatError) return report(false, `invalid: ${e.message}`);
    throw e;
  }
  const r =
    proof.type === 'minimax'
      ? validateMinimaxProof(g, proof.nodes)
      : validateTargetProof(g, proof.nodes, proof.target!);
  if (!r.valid) return report(false, `invalid ${proof.type} proof: ${r.reason}`);
  return report(
    true,
    `valid ${proof.type} proof graph: ${proof.nodes.length} nodes prove ${proof.type === 'minimax' ? `the value ${r.value}` : `value >= ${proof.target} (proven ${r.value})`}`,
  );
}

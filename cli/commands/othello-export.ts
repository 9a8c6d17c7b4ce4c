/**
 * `gtlab othello export POSITION --out TREE [--proof PROOF]`: an Othello position's game tree to the end
 * of the game as a gtlab-graph file and its exact minimum proof tree (Furtak & Buro 2009, Figure 2) as a
 * gtlab-proof file of that graph (shared/othello/position-proof.ts), for `gtlab validate`, `gtlab solve`
 * and the tree viewer.
 */
import { checked, int, parse, requireStr, str } from '../args.ts';
import { writeAtomically } from '../files.ts';
import { UsageError } from '../usage-error.ts';
import { exportGraph, formatFromPath } from '../../shared/io/export.ts';
import { serializeProof } from '../../shared/io/proof-file.ts';
import { positionProof } from '../../shared/othello/position-proof.ts';
import { OthelloPosition } from '../../shared/othello/position.ts';
import { GENERATOR } from '../../shared/version.ts';

/** "BOARD SIDE…" arguments: taken apart before flag parsing, since a board may start with "--". */
export const BOARD_ARG = /^[XO-]+\s+\S/;

const OTHELLO_EXPORT_HELP = `gtlab othello export "BOARD SIDE" --out TREE [--proof PROOF] [--max-nodes N] [--json]

Write a position's game tree to the end of the game (every legal move and forced pass, leaves the final
disc differential for the side to move) as TREE, and its exact minimum proof tree (Furtak & Buro Fig. 2,
on the tree: the unfolding of the position's transpositions) as PROOF, a gtlab-proof of TREE.
The position is "BOARD SIDE" (64 squares A1..H1, …, H8 of X, O or -; side X or O) or a whole .obf line,
quoted (one that starts with "--" is still the position).
Game trees grow fast: a position with 8 empties has some 10^4 nodes, with 10 some 10^6.

  --out TREE       the graph file (.json gtlab-graph; .dot, .graphml as \`gtlab generate\` writes them)
  --proof PROOF    the proof file (gtlab-proof JSON)
  --max-nodes N    refuse trees with more nodes than N (default 2000000)
  --json           print {"position", "empties", "value", "nodes", "mpt"} on stdout
`;

export async function othelloExport(argv: string[]): Promise<number> {
  const boards = argv.filter((a) => BOARD_ARG.test(a));
  const { flags, positionals: rest } = parse(
    argv.filter((a) => !BOARD_ARG.test(a)),
    { out: { type: 'string' }, proof: { type: 'string' }, 'max-nodes': { type: 'string' }, json: { type: 'boolean' } },
    OTHELLO_EXPORT_HELP,
  );
  const positionals = [...boards, ...rest];
  if (positionals.length !== 1)
    throw new UsageError(
      'othello export takes exactly one quoted "BOARD SIDE" position (see gtlab othello export --help)',
    );
  const out = requireStr(flags, 'out');
  const proofOut = str(flags, 'proof');
  const format = checked(() => formatFromPath(out));
  const maxNodes = int(flags, 'max-nodes', 1, 50_000_000, 2_000_000);
  const position = checked(() => OthelloPosition.parse(positionals[0]).toString());
  const r = checked(() => positionProof(position, maxNodes));
  writeAtomically(
    out,
    checked(() => exportGraph(r.graph, format)),
  );
  if (proofOut !== undefined) {
    writeAtomically(
      proofOut,
      serializeProof({
        type: 'minimax',
        value: r.value,
        size: r.proof.length,
        nodes: r.proof,
        meta: { graph: out, graphMeta: r.graph.meta, mpt: r.proof.length, generator: GENERATOR },
      }),
    );
  }
  const summary = {
    position,
    empties: 64 - position.slice(0, 64).replace(/-/g, '').length,
    value: r.value,
    nodes: r.graph.nodeCount,
    mpt: r.proof.length,
  };
  if (flags.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else
    process.stderr.write(
      `wrote ${out}: game tree of ${summary.nodes} nodes, value ${r.value}${proofOut ? `; ${proofOut}: minimum proof tree of ${summary.mpt} nodes` : ''}\n`,
    );
  return 0;
}

/**
 * `npm run docs:figures [-- NAME…]`: regenerates the figures of docs/figures/ with the project's own
 * commands (gtlab study … --figure, gtlab run + gtlab plot). Each figure is one command line below; a
 * command that fails stops the script with its exit code and stderr (no figure is left half-made: gtlab
 * writes whole files). With NAMEs, only those figures. The Figure 4 runs and the Othello endgame run
 * take minutes each on 2 workers, the reading matrix and its height curve about an hour together.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'docs/figures');
const TMP = mkdtempSync(join(tmpdir(), 'gtlab-docs-'));
mkdirSync(OUT, { recursive: true });

const pathology = (model: object, noise: object) => JSON.stringify({ spec: { model, noise, trees: 1000, seed: 1 } });

/** figure name → the gtlab command lines that write it (in order) */
const FIGURES: Record<string, string[][]> = {
  'fig4.png': [
    ['run', 'furtak-buro-fig4', '--workers', '2', '--out', join(TMP, 'fig4'), '--yes'],
    ['plot', join(TMP, 'fig4'), '--out', join(OUT, 'fig4.png')],
  ],
  'fig4-paper.png': [
    ['run', 'furtak-buro-fig4-paper', '--workers', '2', '--out', join(TMP, 'fig4-paper'), '--yes'],
    ['plot', join(TMP, 'fig4-paper'), '--out', join(OUT, 'fig4-paper.png')],
  ],
  'reading-matrix.png': [
    ['sweep', 'furtak-buro-paper-reading-sweep', '--workers', '2', '--out', join(TMP, 'reading'), '--yes'],
    [
      'sweep',
      'summarize',
      join(TMP, 'reading'),
      '--x',
      'unexpanded',
      '--y',
      'sizeInfo*height*ttMove',
      '--out',
      join(OUT, 'reading-matrix.png'),
    ],
  ],
  'reading-heights.png': [
    ['sweep', 'furtak-buro-paper-height-sweep', '--workers', '2', '--out', join(TMP, 'heights'), '--yes'],
    ['sweep', 'summarize', join(TMP, 'heights'), '--x', 'height', '--out', join(OUT, 'reading-heights.png')],
  ],
  'othello-endgame.png': [
    ['run', 'othello-endgame-fcf', '--workers', '2', '--out', join(TMP, 'othello'), '--yes'],
    ['plot', join(TMP, 'othello'), '--out', join(OUT, 'othello-endgame.png')],
  ],
  'li-fig3.2.png': [
    [
      'study',
      'li-table',
      '--table',
      'fig3.2',
      '--out',
      join(TMP, 'fig3.2.csv'),
      '--figure',
      join(OUT, 'li-fig3.2.png'),
    ],
  ],
  'li-pab.png': [
    [
      'study',
      'li-pab',
      '--n',
      '5',
      '--depth',
      '8',
      '--trees',
      '100',
      '--seed',
      '1',
      '--out',
      join(TMP, 'pab.csv'),
      '--figure',
      join(OUT, 'li-pab.png'),
    ],
  ],
  'pathology-uniform.png': [
    [
      'study',
      'pathology',
      '--request',
      pathology({ kind: 'uniform', degree: 2, height: 10 }, { kind: 'flip', e: 0.1 }),
      '--out',
      join(TMP, 'pu.csv'),
      '--figure',
      join(OUT, 'pathology-uniform.png'),
    ],
  ],
  'pathology-prefix.png': [
    [
      'study',
      'pathology',
      '--request',
      pathology({ kind: 'prefix', degree: 2, height: 10, damage: 6 }, { kind: 'uniform', e: 4 }),
      '--out',
      join(TMP, 'pp.csv'),
      '--figure',
      join(OUT, 'pathology-prefix.png'),
    ],
  ],
  'match-moves.png': [
    [
      'study',
      'match',
      '--request',
      JSON.stringify({ limit: { kind: 'moves', n: 1000 }, plies: 2, seed: 1 }),
      '--out',
      join(TMP, 'match.csv'),
      '--figure',
      join(OUT, 'match-moves.png'),
    ],
  ],
};

const wanted = process.argv.slice(2);
for (const name of wanted)
  if (!(name in FIGURES))
    throw new Error(`docs:figures: no figure "${name}"; known: ${Object.keys(FIGURES).join(', ')}`);
try {
  for (const [name, commands] of Object.entries(FIGURES)) {
    if (wanted.length > 0 && !wanted.includes(name)) continue;
    for (const args of commands) {
      console.log(`gtlab ${args.join(' ')}`);
      try {
        execFileSync(process.execPath, [join(ROOT, 'cli/gtlab.js'), ...args], {
          cwd: ROOT,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
      } catch (e) {
        const err = e as { status?: number; stderr?: Buffer };
        process.stderr.write(err.stderr?.toString() ?? '');
        throw new Error(`docs:figures: ${name}: gtlab ${args[0]} failed with exit code ${err.status ?? '?'}`);
      }
    }
    console.log(`  → docs/figures/${name}`);
  }
} finally {
  rmSync(TMP, { recursive: true, force: true });
}

/**
 * `npm run bench:c4-vs-pons`: the final Connect-Four solver (shared/connect4/solver.ts, step `final`)
 * against Pascal Pons' C++ solver of his tutorial's part 12 ("Solving Connect 4: how to build a perfect
 * AI", release `part12` of github.com/PascalPons/connect4), side by side in one run.
 *
 * Nothing is downloaded: his sources are used only when given by path (C4_PONS_SRC, a checkout of the
 * `part12` tag); his solver.cpp is compiled with `g++ -O3` and the driver ./c4-pons-main.cpp into a
 * temporary directory, never into the project. Without the path the bench says how to get them and stops.
 *
 * For every test file, in rounds that alternate the two solvers (so both see the same load on a shared
 * machine): each solver's CPU time for all solves of the file (his: thread CPU time inside solve(), his
 * table reset excluded; ours: the process CPU time of the loop over `Solver.solve`, which includes our
 * table reset and any GC or compiler thread), checked position by position to give the same score and
 * the same node count. CPU time rather than wall time: on a loaded machine the wall time of either side
 * mostly measures the other processes. Printed: the median over rounds of each time and of the
 * per-round ratio Pons time / our time (our speed as a fraction of his), against the target ratio.
 *
 * Environment: C4_PONS_SRC (directory of his sources), C4_VS_DATA (test files, default
 * ../shared/data/connect4), C4_VS_FILES (comma list, default Test_L2_R1,Test_L1_R1), C4_VS_FIRST
 * (positions per file, default the whole file, 300 for the Begin files Test_L1_*), C4_VS_ROUNDS
 * (default 5), C4_VS_WEAK=1 (weak solving, both sides), C4_VS_KERNEL (wasm or typescript: the kernel of
 * our final step, default the solver's default).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Position } from '../shared/connect4/position.ts';
import { type Kernel, Solver } from '../shared/connect4/solver.ts';
import { envInt } from './env-int.ts';
import type { TargetRow } from './targets.ts';

const TARGET = 0.7;
const DATA = resolve(process.env.C4_VS_DATA ?? resolve(import.meta.dirname, '../../shared/data/connect4'));
const FILES = (process.env.C4_VS_FILES ?? 'Test_L2_R1,Test_L1_R1').split(',');
const ROUNDS = Math.max(1, envInt('C4_VS_ROUNDS', 5));
const WEAK = process.env.C4_VS_WEAK === '1';
const KERNEL = process.env.C4_VS_KERNEL as Kernel | undefined;
/** Positions per file unless C4_VS_FIRST says otherwise: the Begin files take minutes in full. */
function firstOf(file: string): number {
  return envInt('C4_VS_FIRST', file.startsWith('Test_L1_') ? 300 : Number.MAX_SAFE_INTEGER);
}

const HOW_TO_GET = `Pons' solver is compared only when its sources are given by path:
  git clone https://github.com/PascalPons/connect4 /tmp/pons-connect4
  git -C /tmp/pons-connect4 checkout part12
  C4_PONS_SRC=/tmp/pons-connect4 npm run bench:c4-vs-pons
(needs g++; the test files are Pons' "Test_L*_R*" of his tutorial's part 2, looked for in C4_VS_DATA)`;

/** Compile his part-12 solver with our driver into a temporary directory; returns the binary and the directory to remove. */
function buildPons(src: string): { exe: string; dir: string } {
  for (const f of ['solver.cpp', 'solver.hpp', 'position.hpp', 'TranspositionTable.hpp', 'MoveSorter.hpp']) {
    if (!existsSync(join(src, f)))
      throw new Error(
        `C4_PONS_SRC = ${src}: ${f} is missing (expected a checkout of the part12 tag of PascalPons/connect4)`,
      );
  }
  const dir = mkdtempSync(join(tmpdir(), 'gtlab-c4-pons-'));
  const exe = join(dir, 'c4solver');
  try {
    execFileSync(
      'g++',
      [
        '--std=c++11',
        '-O3',
        '-DNDEBUG',
        `-I${src}`,
        '-o',
        exe,
        join(src, 'solver.cpp'),
        resolve(import.meta.dirname, 'c4-pons-main.cpp'),
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return { exe, dir };
}

interface Run {
  seconds: number;
  scores: number[];
  nodes: number[];
}

/** His solver on the move strings: per line "score nodes", then "cpu <s> wall <s>" (./c4-pons-main.cpp). */
function runPons(exe: string, moves: string[]): Run {
  const out = spawnSync(exe, WEAK ? ['-w'] : [], {
    input: `${moves.join('\n')}\n`,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (out.status !== 0) throw new Error(`Pons' solver exited with ${out.status}: ${out.stderr}`);
  if (out.stderr !== '') throw new Error(`Pons' solver refused a position: ${out.stderr.split('\n')[0]}`);
  const lines = out.stdout.split('\n').filter((l) => l !== '');
  const last = lines.pop()?.split(' ') ?? [];
  if (lines.length !== moves.length || last[0] !== 'cpu')
    throw new Error(`Pons' solver answered ${lines.length} of ${moves.length} positions`);
  const run: Run = { seconds: Number(last[1]), scores: [], nodes: [] };
  for (const l of lines) {
    const [score, nodes] = l.split(' ').map(Number);
    run.scores.push(score);
    run.nodes.push(nodes);
  }
  return run;
}

function runOurs(solver: Solver, positions: Position[]): Run {
  const run: Run = { seconds: 0, scores: new Array(positions.length), nodes: new Array(positions.length) };
  const c0 = process.cpuUsage();
  for (let i = 0; i < positions.length; i++) {
    const r = solver.solve(positions[i], 'final', WEAK);
    run.scores[i] = r.score;
    run.nodes[i] = r.visited;
  }
  const c = process.cpuUsage(c0);
  run.seconds = (c.user + c.system) / 1e6;
  return run;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The ratio per test file as `npm run bench` reports its targets (./run-all.ts); printed as it goes. */
export async function c4VsPonsTargets(): Promise<TargetRow[]> {
  const row = (file: string, measured: number | null, note: string): TargetRow => ({
    name: `Connect-Four / Pons, ${file}`,
    measured,
    unit: '×',
    kind: 'atLeast',
    bound: TARGET,
    note,
  });
  const rows: TargetRow[] = [];
  const src = process.env.C4_PONS_SRC;
  if (src === undefined || src === '') {
    console.log(HOW_TO_GET);
    return FILES.map((f) => row(f, null, "C4_PONS_SRC not set: Pons' sources are needed (see above)"));
  }
  const { exe, dir } = buildPons(resolve(src));
  try {
    const solver = new Solver({ kernel: KERNEL });
    console.log(
      `final solver (${solver.kernel} kernel) vs Pons' part12 (g++ -O3), ${WEAK ? 'weak' : 'strong'}, ${ROUNDS} alternating rounds, CPU time; ratio = Pons time / our time, target ≥ ${TARGET}`,
    );
    console.log(
      'file       | positions | mean nodes (both) | Pons s (median) | ours s (median) | ratio (median) | ratios per round',
    );
    for (const file of FILES) {
      const path = join(DATA, file);
      if (!existsSync(path)) {
        console.log(
          `${file.padEnd(10)} | not in ${DATA}: skipped (C4_VS_DATA names the directory of Pons' test files)`,
        );
        rows.push(row(file, null, `not in ${DATA} (C4_VS_DATA)`));
        continue;
      }
      const moves = readFileSync(path, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .slice(0, firstOf(file))
        .map((l) => l.trim().split(/\s+/)[0]);
      const positions = moves.map((m) => Position.parse(m));
      runOurs(solver, positions.slice(0, 200)); // JIT warm-up, untimed
      const pons: number[] = [],
        ours: number[] = [],
        ratios: number[] = [];
      let meanNodes = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const a = runPons(exe, moves);
        const b = runOurs(solver, positions);
        for (let i = 0; i < moves.length; i++) {
          if (a.scores[i] !== b.scores[i] || a.nodes[i] !== b.nodes[i])
            throw new Error(
              `${file} position ${i + 1} (${moves[i]}): Pons score ${a.scores[i]}, ${a.nodes[i]} nodes; ours ${b.scores[i]}, ${b.nodes[i]} nodes`,
            );
        }
        meanNodes = b.nodes.reduce((x, y) => x + y, 0) / moves.length;
        pons.push(a.seconds);
        ours.push(b.seconds);
        ratios.push(a.seconds / b.seconds);
      }
      const r = median(ratios);
      rows.push(row(file, r, `${moves.length} positions, CPU time, median of ${ROUNDS} alternating rounds`));
      console.log(
        `${file.padEnd(10)} | ${String(moves.length).padStart(9)} | ${meanNodes.toFixed(2).padStart(17)} | ${median(pons).toFixed(4).padStart(15)} | ` +
          `${median(ours).toFixed(4).padStart(15)} | ${`${r.toFixed(2)}× ${r >= TARGET ? 'ok' : 'BELOW'}`.padStart(14)} | ${ratios.map((x) => x.toFixed(2)).join(' ')}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  await c4VsPonsTargets();

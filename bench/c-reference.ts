/**
 * Build and run the plain C reference `../shared/bench/pvt.c` (prefix value trees, alpha-beta and
 * NegaScout with static ordering by the noisy estimate, Figure-2 MPT) so benchmarks compare against it
 * in the same run, on the same machine.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PVT_SOURCE = resolve(import.meta.dirname, '../../shared/bench/pvt.c');

/**
 * Why the C reference cannot be built here (its source or gcc is missing), or null when it can. gcc is
 * needed by the benchmarks only, never by the project.
 */
export function referenceUnavailable(): string | null {
  if (!existsSync(PVT_SOURCE)) return `C reference not found at ${PVT_SOURCE} (../shared must sit beside the checkout)`;
  const gcc = spawnSync('gcc', ['--version'], { encoding: 'utf8' });
  if (gcc.error !== undefined || gcc.status !== 0) return 'gcc not found on PATH (needed to build the C reference)';
  return null;
}

/** Compile pvt.c once; returns the binary's path, or throws naming what is missing. */
export function buildReference(): string {
  const missing = referenceUnavailable();
  if (missing !== null) throw new Error(missing);
  const out = join(mkdtempSync(join(tmpdir(), 'gtlab-bench-')), 'pvt');
  execFileSync('gcc', ['-O2', '-march=native', '-o', out, PVT_SOURCE], { stdio: 'inherit' });
  return out;
}

export interface ReferenceRun {
  nodesPerTree: number;
  mnodesPerSecond: number;
  seconds: number;
}

/** Run `pvt ALGO DEPTH TREES bmin bmax D E` and parse its "ab|ns nodes/tree … Mnodes/s … time …s" line. */
export function runReference(
  bin: string,
  algo: 'ab' | 'ns',
  depth: number,
  trees: number,
  p: { bmin: number; bmax: number; damage: number; noise: number },
): ReferenceRun {
  const text = execFileSync(
    bin,
    [algo, String(depth), String(trees), String(p.bmin), String(p.bmax), String(p.damage), String(p.noise)],
    { encoding: 'utf8' },
  );
  const m = new RegExp(`${algo}\\s+nodes/tree\\s+([\\d.]+)\\s+Mnodes/s\\s+([\\d.]+)\\s+time\\s+([\\d.]+)s`).exec(text);
  if (!m) throw new Error(`unexpected output from the C reference:\n${text}`);
  return { nodesPerTree: Number(m[1]), mnodesPerSecond: Number(m[2]), seconds: Number(m[3]) };
}

export interface ReferenceMptRun {
  /** mean MPT size over the trees */
  sizePerTree: number;
  /** total time over the trees, as pvt.c measures it (the MPT computation only) */
  seconds: number;
}

/**
 * Run `pvt mpt DEPTH TREES bmin bmax D E` and parse its "mpt size/tree … time …s" line: `slow` = Figure 2
 * exactly as printed (SLOWMPT=1, the `mpt` function), otherwise `mptb` (Figure 2 with size budgets).
 */
export function runReferenceMpt(
  bin: string,
  depth: number,
  trees: number,
  p: { bmin: number; bmax: number; damage: number; noise: number },
  slow: boolean,
): ReferenceMptRun {
  const env = { ...process.env };
  if (slow) env.SLOWMPT = '1';
  else delete env.SLOWMPT;
  const text = execFileSync(
    bin,
    ['mpt', String(depth), String(trees), String(p.bmin), String(p.bmax), String(p.damage), String(p.noise)],
    { encoding: 'utf8', env },
  );
  const m = /mpt size\/tree\s+([\d.]+)\s+time\s+([\d.]+)s/.exec(text);
  if (!m) throw new Error(`unexpected output from the C reference:\n${text}`);
  return { sizePerTree: Number(m[1]), seconds: Number(m[2]) };
}

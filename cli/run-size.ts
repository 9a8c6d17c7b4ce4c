/**
 * Before `gtlab run` or `gtlab sweep` writes anything: the estimate judged by the shared rule
 * (shared/experiments/estimate-words.ts). Beyond the ceiling the command is refused with the estimate in
 * words; a long one (more than ten minutes on the chosen workers) is printed and asked on a terminal
 * (y/N), and needs --yes when stdin is not a terminal (a script, a pipe, a batch job).
 */
import { availableParallelism } from 'node:os';
import { readSync } from 'node:fs';
import { UsageError } from './usage-error.ts';
import { judgeEstimate } from '../shared/experiments/estimate-words.ts';
import type { Flags } from './args.ts';

/** The help text of --yes, shared by run and sweep. */
export const YES_HELP = `  --yes            start without asking when the estimate exceeds 10 minutes (needed when stdin is not
                   a terminal); beyond a year of CPU on this machine's cores a run is refused regardless`;

/** A line typed on the terminal (blocking: nothing else runs before the answer). */
function readAnswer(): string {
  const buf = Buffer.alloc(256);
  let text = '';
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      throw e;
    }
    if (n === 0) return text;
    text += buf.toString('utf8', 0, n);
    if (text.includes('\n')) return text.split('\n')[0];
  }
}

/**
 * Judge an estimate (`wallSeconds` on the chosen workers, `cpuSeconds` on one core) of `what`; returns
 * when it may start, else throws a UsageError (exit 2, nothing written). `ask: false` (a shard in a
 * batch job) only refuses the impossible.
 */
export function confirmRunSize(
  est: { seconds: number; cpuSeconds: number },
  what: string,
  flags: Flags,
  ask = true,
): void {
  const v = judgeEstimate(est.seconds, est.cpuSeconds, availableParallelism(), what);
  if (v.kind === 'impossible') throw new UsageError(`${v.reason}; nothing was started`);
  if (v.kind === 'ok' || !ask || flags.yes) {
    if (v.kind === 'long') process.stderr.write(`gtlab: ${v.reason}\n`);
    return;
  }
  if (!process.stdin.isTTY) {
    throw new UsageError(
      `${v.reason}: add --yes to start it (stdin is not a terminal, so gtlab cannot ask); nothing was started`,
    );
  }
  process.stderr.write(`gtlab: ${v.reason}. Start it? [y/N] `);
  const answer = readAnswer().trim().toLowerCase();
  if (answer !== 'y' && answer !== 'yes') throw new UsageError('not started (answer: no); nothing was written');
}

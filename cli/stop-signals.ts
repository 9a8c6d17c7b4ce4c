/**
 * How the long commands (`gtlab run`, `gtlab sweep`) stop on a signal: SIGINT (Ctrl-C), SIGTERM,
 * SIGHUP (the terminal closed) and SIGUSR1 (Slurm's warning before the time limit). The first one asks
 * the command to stop: no new tree starts, running ones are cancelled, the workers end, every finished
 * line is kept and run.json gets the status; the command then says what is kept and how to resume.
 * A second signal while stopping ends the process at once (run.json already says where it stopped,
 * the lock is released by its exit hook, the workers end when their parent is gone); a repeat within
 * a second counts as the first, since `timeout` and schedulers signal the process and then its group.
 *
 * Status: "cancelled" when a person stopped the run (INT, HUP, or TERM outside a Slurm job);
 * "interrupted" when the scheduler did (USR1, or TERM inside a Slurm job: scancel, a time limit).
 * Exit code: 128 + the signal's number, as a shell reports a command killed by it: INT 130, TERM 143,
 * HUP 129, USR1 138 on Linux (158 on macOS).
 */
import { constants } from 'node:os';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGUSR1'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

export interface Stop {
  signal: StopSignal;
  status: 'cancelled' | 'interrupted';
  exitCode: number;
}

export function stopOf(signal: StopSignal, env: NodeJS.ProcessEnv = process.env): Stop {
  const byScheduler = signal === 'SIGUSR1' || (signal === 'SIGTERM' && env.SLURM_JOB_ID !== undefined);
  return { signal, status: byScheduler ? 'interrupted' : 'cancelled', exitCode: 128 + constants.signals[signal] };
}

let stop: Stop | null = null;
let stopAt = 0;
const REPEAT_MS = 1000;
let watchers = 0;
const listeners = new Set<(s: Stop) => void>();
/** run when a second signal ends the process at once (the command's last words: its status written) */
const lastWords = new Set<(s: Stop) => void>();

function onSignal(signal: StopSignal): void {
  if (stop) {
    if (Date.now() - stopAt < REPEAT_MS) return;
    process.stderr.write(`\ngtlab: ${signal} again: stopping now\n`);
    for (const f of lastWords) f(stop);
    process.exit(stop.exitCode);
  }
  stop = stopOf(signal);
  stopAt = Date.now();
  process.stderr.write(`\ngtlab: ${signal}: stopping (no new trees; finished ones are kept) …\n`);
  for (const f of listeners) f(stop);
}
const handlers = Object.fromEntries(STOP_SIGNALS.map((s) => [s, () => onSignal(s)])) as Record<StopSignal, () => void>;

/**
 * Catch the stop signals until the returned function is called (nested calls share one handler: a
 * sweep and the runs of its cells). The stop seen stays readable through stopRequested().
 */
export function watchStopSignals(): () => void {
  if (watchers++ === 0) {
    stop = null;
    for (const s of STOP_SIGNALS) process.on(s, handlers[s]);
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--watchers === 0) for (const s of STOP_SIGNALS) process.off(s, handlers[s]);
  };
}

/** The stop asked for since the outermost watchStopSignals, or null. */
export function stopRequested(): Stop | null {
  return stop;
}

/** Call `f` when a stop is asked for (at once if it was already); returns the unsubscribe. */
export function onStop(f: (s: Stop) => void, last?: (s: Stop) => void): () => void {
  listeners.add(f);
  if (last) lastWords.add(last);
  if (stop) f(stop);
  return () => {
    listeners.delete(f);
    if (last) lastWords.delete(last);
  };
}

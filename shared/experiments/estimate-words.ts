/**
 * A run's or a sweep's time estimate (./run-estimate.ts) in words a reader takes in at a glance
 * ("≈ 40 minutes", "≈ 3 hours", "≈ 2 days", "≈ 14 million years"), and the verdict every front end
 * applies: ok, long (more than ten minutes of wall time: ask before starting) or impossible (more than
 * a year of CPU on every core of this machine: refused, with the estimate). The app's form and sweep
 * panel and `gtlab run` / `gtlab sweep` use this one function, so they agree on what is asked and refused.
 */

/** wall time beyond which a run is started only when confirmed */
export const LONG_RUN_SECONDS = 10 * 60;
export const YEAR_SECONDS = 365.25 * 24 * 3600;
/** CPU time per core beyond which a run is refused: it cannot finish on this machine */
const CEILING_SECONDS_PER_CORE = YEAR_SECONDS;

const UNITS: [seconds: number, singular: string, plural: string][] = [
  [1, 'second', 'seconds'],
  [60, 'minute', 'minutes'],
  [3600, 'hour', 'hours'],
  [24 * 3600, 'day', 'days'],
  [YEAR_SECONDS / 12, 'month', 'months'],
  [YEAR_SECONDS, 'year', 'years'],
];
const BIG = [
  [1e3, 'thousand'],
  [1e6, 'million'],
  [1e9, 'billion'],
  [1e12, 'trillion'],
] as const;

/** Two significant digits, no trailing zeros: 14, 2.5, 140, 1500. */
function round2(x: number): string {
  return String(Number(x.toPrecision(2)));
}

/** Up to three digits (two significant below 10): 7.5, 14, 140, 999. */
function count(x: number): string {
  return x < 10 ? round2(x) : String(Math.round(x));
}

/** n ≥ 1000 years: "≈ 14 thousand years" … "≈ 999 trillion years", then "≈ 1.2 × 10^15 years". */
function bigYears(n: number): string {
  for (let k = BIG.length - 1; k >= 0; k--) {
    const [scale, word] = BIG[k];
    if (n < scale) continue;
    const text = count(n / scale);
    // 999.6 thousand rounds to 1000 thousand: say 1 million
    if (Number(text) < 1000) return `≈ ${text} ${word} years`;
    if (k + 1 < BIG.length) return `≈ ${count(n / BIG[k + 1][0])} ${BIG[k + 1][1]} years`;
    break;
  }
  return `≈ ${n.toExponential(1).replace('e+', ' × 10^')} years`;
}

/** "≈ 40 minutes": the largest unit that reads as at least 2 of it (1.5 for years), three digits at most. */
export function durationWords(seconds: number): string {
  if (Number.isNaN(seconds) || seconds < 0) return 'unknown';
  if (!Number.isFinite(seconds)) return 'longer than any computer can run';
  if (seconds < 1) return 'under a second';
  let k = 0;
  while (k + 1 < UNITS.length && seconds >= UNITS[k + 1][0] * (k + 1 === UNITS.length - 1 ? 1.5 : 2)) k++;
  const [unit, one, many] = UNITS[k];
  const n = seconds / unit;
  if (k === UNITS.length - 1 && Number(count(n)) >= 1000) return bigYears(Math.max(n, 1000));
  const text = count(n);
  return `≈ ${text} ${text === '1' ? one : many}`;
}

type EstimateKind = 'ok' | 'long' | 'impossible';

export interface EstimateVerdict {
  kind: EstimateKind;
  /** the wall time in words, e.g. "≈ 3 hours" */
  words: string;
  /** one sentence for the user: why it is asked or refused ("" when ok) */
  reason: string;
}

/**
 * The verdict on an estimate: `wallSeconds` on the chosen workers, `cpuSeconds` of the same work on one
 * core, `cores` of this machine; `what` names it ("this run", "this sweep of 36 cells").
 */
export function judgeEstimate(
  wallSeconds: number,
  cpuSeconds: number,
  cores: number,
  what = 'this run',
): EstimateVerdict {
  const words = durationWords(wallSeconds);
  const c = Math.max(1, Math.floor(cores));
  if (!(cpuSeconds <= CEILING_SECONDS_PER_CORE * c)) {
    return {
      kind: 'impossible',
      words,
      reason: `${what} is estimated at ${durationWords(cpuSeconds / c)} on all ${c} core${c > 1 ? 's' : ''} of this machine, more than a year: it cannot finish. Use fewer trees, a smaller depth or less branching, or split it over a cluster (shards)`,
    };
  }
  if (wallSeconds > LONG_RUN_SECONDS) return { kind: 'long', words, reason: `${what} is estimated at ${words}` };
  return { kind: 'ok', words, reason: '' };
}

/**
 * The run estimate (shared/experiments/run-estimate.ts) and how the app prints counts and durations.
 */
import { durationWords } from '../../../shared/experiments/estimate-words.ts';

export {
  DEFAULT_NODE_RATE,
  estimateRun,
} from '../../../shared/experiments/run-estimate.ts';

/** This machine's cores (the page's view of them), for the ceiling on a run's CPU time. */
export function machineCores(): number {
  const n = globalThis.navigator?.hardwareConcurrency;
  return typeof n === 'number' && n >= 1 ? n : 1;
}

/** "1.2 k", "3.4 M", "5.6 G" */
export function formatCount(x: number): string {
  if (!Number.isFinite(x)) return '–';
  const a = Math.abs(x);
  if (a < 1e3) return String(Math.round(x * 100) / 100);
  if (a < 1e6) return `${(x / 1e3).toPrecision(3)} k`;
  if (a < 1e9) return `${(x / 1e6).toPrecision(3)} M`;
  if (a < 1e12) return `${(x / 1e9).toPrecision(3)} G`;
  return x.toExponential(2);
}

/** Beyond two days a clock reading ("1234 h 05 min") says less than words ("≈ 51 days", "≈ 14 million years"). */
const CLOCK_MAX_MS = 48 * 3600 * 1000;

/** "850 ms", "12 s", "3 min 20 s", "2 h 05 min"; past two days in words, as the estimates ("≈ 3 days") */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '–';
  if (ms >= CLOCK_MAX_MS) return durationWords(ms / 1000);
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

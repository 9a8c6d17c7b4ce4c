/**
 * Integer ranges: the one checker every core parameter goes through, its one message template
 * ("NAME = V is not allowed: it must be an integer in [LO..HI]"), and the depth limits the core and the
 * experiment spec share. Form hints and spec messages use `integerIn` so the app, the CLI and the core
 * describe a range in the same words.
 */
import { needsQuotes, quoted } from './quoted.ts';

/** Deepest tree any model generates (per-ply buffers and the prefix-value kernel are sized for it). */
export const MAX_DEPTH = 64;
/**
 * Deepest experiment (iterative deepening 1..D over every tree of a run): the spec, `gtlab run --depth`
 * and `gtlab tune` accept 1..EXPERIMENT_MAX_DEPTH, which the core (≤ MAX_DEPTH) always accepts.
 */
export const EXPERIMENT_MAX_DEPTH = 30;
/** Largest tree index of a run (tree i is generated from (seed, i)). */
export const MAX_TREE_INDEX = 2 ** 31 - 1;

/** "an integer in [LO..HI]": the words of every integer range. */
export function integerIn(lo: number, hi: number): string {
  return `an integer in [${lo}..${hi}]`;
}

/** The message of a value outside its range. */
function notAllowed(name: string, v: unknown, allowed: string): string {
  return `${name} = ${notAllowedValue(v, allowed)}`;
}

/** The same message without the name (where a path or label names the field): "V is not allowed: …". */
export function notAllowedValue(v: unknown, allowed: string): string {
  return `${shownValue(v)} is not allowed: it must be ${allowed}`;
}

/**
 * A value as a message shows it: numbers and short strings as written (a string with a control or format
 * character quoted, ../util/quoted.ts), containers by kind (never their contents, however deep).
 */
function shownValue(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  if (v !== null && typeof v === 'object') return 'an object';
  const s = String(v);
  return typeof v === 'string' && needsQuotes(s) ? quoted(s) : s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/** Throws RangeError unless `v` is an integer in [lo..hi]. */
export function checkInt(name: string, v: unknown, lo: number, hi: number): void {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi)
    throw new RangeError(notAllowed(name, v, integerIn(lo, hi)));
}

/**
 * The core's words for a probability. (The spec's fields say "[0..1]", like its integer ranges: both
 * wordings are pinned by tests, test/models/uniform.test.ts and test/renderer/spec-form.test.ts.)
 */
const PROBABILITY = 'a probability in [0, 1]';

/** Throws RangeError unless `v` is a number in [0..1]. */
export function checkProbability(name: string, v: unknown): void {
  if (!(typeof v === 'number' && v >= 0 && v <= 1)) throw new RangeError(notAllowed(name, v, PROBABILITY));
}

/** Throws RangeError unless `v` is a safe integer (seeds). */
export function checkSafeInt(name: string, v: unknown): void {
  if (!Number.isSafeInteger(v)) throw new RangeError(notAllowed(name, v, 'a safe integer'));
}

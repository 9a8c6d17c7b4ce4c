/**
 * Minimum Set Cover instances, the source problem of the NP-completeness reduction of Furtak & Buro
 * (2009, Sec. 4, Definition 3): a universe X = {0, …, n−1} and sets S_0, …, S_{m−1} ⊆ X.
 * The `gtlab-setcover` JSON file shape, a parser whose errors name the offending field, a seeded
 * random generator, and an exact minimum cover (branch and bound) for the small instances the
 * reduction is checked on.
 */
import { FieldError } from '../util/field-error.ts';
import { describeJsonProblem, readJsonText } from '../io/json-text.ts';
import { dottedPath } from '../util/zod-issues.ts';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { seedHash } from '../util/hash.ts';
import { checkInt, checkProbability, checkSafeInt } from '../util/range.ts';

export interface SetCoverInstance {
  /** n: the elements are 0..n−1 */
  universe: number;
  /** the m sets, each a list of distinct element ids */
  sets: number[][];
}

/** On-disk form: `{ "format": "gtlab-setcover", "version": 1, "universe": n, "sets": [[…], …] }`. */
export interface SetCoverFile extends SetCoverInstance {
  format: 'gtlab-setcover';
  version: 1;
}

export const SET_COVER_LIMITS = { maxUniverse: 1_000_000, maxSets: 1_000_000, maxExactSets: 25 } as const;

/** Error raised for an invalid instance or file: names the field. */
export class SetCoverError extends FieldError {
  override name = 'SetCoverError';
}

/**
 * Check an instance: n ≥ 1, every set non-empty with distinct elements in [0..n−1], every element
 * covered by some set (so a cover exists; in the reduction an uncovered element would be a white
 * leaf without a value). Returns the instance for chaining.
 */
export function checkSetCoverInstance(inst: SetCoverInstance): SetCoverInstance {
  const n = inst.universe;
  if (!Number.isInteger(n) || n < 1 || n > SET_COVER_LIMITS.maxUniverse) {
    throw new SetCoverError(
      'universe',
      `${n} is not allowed: it must be an integer in [1..${SET_COVER_LIMITS.maxUniverse}]`,
    );
  }
  if (!Array.isArray(inst.sets)) throw new SetCoverError('sets', 'must be an array of sets (arrays of element ids)');
  if (inst.sets.length < 1 || inst.sets.length > SET_COVER_LIMITS.maxSets) {
    throw new SetCoverError('sets', `has ${inst.sets.length} sets; allowed: 1..${SET_COVER_LIMITS.maxSets}`);
  }
  const covered = new Uint8Array(n);
  const seen = new Int32Array(n).fill(-1);
  inst.sets.forEach((s, j) => {
    if (!Array.isArray(s)) throw new SetCoverError(`sets[${j}]`, 'must be an array of element ids');
    if (s.length === 0) throw new SetCoverError(`sets[${j}]`, 'is empty; every set must contain at least one element');
    s.forEach((x, k) => {
      if (!Number.isInteger(x) || x < 0 || x >= n) {
        throw new SetCoverError(
          `sets[${j}][${k}]`,
          `${JSON.stringify(x)} is not an element id: it must be an integer in [0..${n - 1}] (universe = ${n})`,
        );
      }
      if (seen[x] === j) throw new SetCoverError(`sets[${j}][${k}]`, `element ${x} appears twice in set ${j}`);
      seen[x] = j;
      covered[x] = 1;
    });
  });
  const missing = covered.indexOf(0);
  if (missing >= 0)
    throw new SetCoverError(
      'sets',
      `element ${missing} is in no set, so no cover exists; every element of 0..${n - 1} must be covered`,
    );
  return inst;
}

/** Parse a `gtlab-setcover` file (JSON text or an already parsed value). */
export function parseSetCoverFile(input: string | unknown): SetCoverInstance {
  let data: unknown = input;
  if (typeof input === 'string') {
    const json = readJsonText(input);
    if (!json.ok) {
      const p = json.problem;
      throw new SetCoverError(p.kind === 'syntax' ? 'file' : dottedPath(p.path), describeJsonProblem(p));
    }
    data = json.value;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new SetCoverError('file', 'must be a JSON object');
  const o = data as Record<string, unknown>;
  if (o.format !== 'gtlab-setcover')
    throw new SetCoverError('format', `${JSON.stringify(o.format)} is not allowed: it must be "gtlab-setcover"`);
  if (o.version !== 1)
    throw new SetCoverError('version', `${JSON.stringify(o.version)} is not supported: only version 1`);
  if (typeof o.universe !== 'number')
    throw new SetCoverError('universe', `${JSON.stringify(o.universe)} is not allowed: it must be an integer ≥ 1`);
  if (!Array.isArray(o.sets)) throw new SetCoverError('sets', 'must be an array of sets (arrays of element ids)');
  const inst: SetCoverInstance = { universe: o.universe, sets: o.sets as number[][] };
  checkSetCoverInstance(inst);
  return { universe: inst.universe, sets: inst.sets.map((s) => s.slice()) };
}

export function toSetCoverFile(inst: SetCoverInstance): SetCoverFile {
  checkSetCoverInstance(inst);
  return { format: 'gtlab-setcover', version: 1, universe: inst.universe, sets: inst.sets.map((s) => s.slice()) };
}

export interface RandomSetCoverParams {
  /** n, number of elements */
  universe: number;
  /** m, number of sets */
  sets: number;
  /** probability that a set contains a given element (default 0.3) */
  density?: number;
  seed: number;
}

/**
 * A random instance: each set contains each element independently with probability `density`; then
 * every uncovered element joins a uniformly random set and every empty set receives a uniformly random
 * element, so the result always passes `checkSetCoverInstance`. Sets are sorted.
 */
export function randomSetCoverInstance(p: RandomSetCoverParams): SetCoverInstance {
  checkInt('universe', p.universe, 1, SET_COVER_LIMITS.maxUniverse);
  checkInt('sets', p.sets, 1, SET_COVER_LIMITS.maxSets);
  const density = p.density ?? 0.3;
  checkProbability('density', density);
  checkSafeInt('seed', p.seed);
  const n = p.universe,
    m = p.sets;
  // xoroshiro128plus's first outputs echo its 32-bit seed: seed it with a mixed hash and warm it up.
  const rng = xoroshiro128plus(seedHash(p.seed, 0x5e7c) | 0);
  for (let k = 0; k < 16; k++) rng.next();
  const RES = 1 << 30;
  const threshold = Math.round(density * RES);
  const member: Uint8Array[] = [];
  for (let j = 0; j < m; j++) {
    const row = new Uint8Array(n);
    for (let x = 0; x < n; x++) row[x] = uniformInt(rng, 0, RES - 1) < threshold ? 1 : 0;
    member.push(row);
  }
  for (let x = 0; x < n; x++) {
    let c = false;
    for (let j = 0; j < m && !c; j++) c = member[j][x] === 1;
    if (!c) member[uniformInt(rng, 0, m - 1)][x] = 1;
  }
  for (let j = 0; j < m; j++) {
    if (member[j].indexOf(1) < 0) member[j][uniformInt(rng, 0, n - 1)] = 1;
  }
  const sets = member.map((row) => {
    const s: number[] = [];
    for (let x = 0; x < n; x++) if (row[x]) s.push(x);
    return s;
  });
  return { universe: n, sets };
}

export interface SetCoverSolution {
  /** k*: size of a minimum cover */
  size: number;
  /** indices of the sets of one minimum cover, ascending */
  sets: number[];
}

/**
 * Exact minimum set cover by branch and bound: branch on the uncovered element with the fewest
 * covering sets (one of them must be chosen), bound by the cover so far plus ⌈uncovered / largest
 * set⌉. Exponential in the worst case, so instances with more than 25 sets are refused.
 */
export function minimumSetCover(inst: SetCoverInstance): SetCoverSolution {
  checkSetCoverInstance(inst);
  const m = inst.sets.length,
    n = inst.universe;
  if (m > SET_COVER_LIMITS.maxExactSets) {
    throw new RangeError(
      `sets: ${m} sets is too many for the exact minimum set cover (brute force / branch and bound); at most ${SET_COVER_LIMITS.maxExactSets} sets`,
    );
  }
  // coverers[x]: the sets containing x.
  const coverers: number[][] = Array.from({ length: n }, () => []);
  inst.sets.forEach((s, j) => s.forEach((x) => coverers[x].push(j)));
  let maxSet = 0;
  for (const s of inst.sets) maxSet = Math.max(maxSet, s.length);
  const count = new Int32Array(n); // how many chosen sets cover x
  const chosen: number[] = [];
  let best: number[] = inst.sets.map((_, j) => j); // all sets: a cover, since every element is covered
  let uncovered = n;

  const search = (): void => {
    if (uncovered === 0) {
      if (chosen.length < best.length) best = chosen.slice();
      return;
    }
    if (chosen.length + Math.ceil(uncovered / maxSet) >= best.length) return;
    let pick = -1;
    for (let x = 0; x < n; x++) {
      if (count[x] === 0 && (pick < 0 || coverers[x].length < coverers[pick].length)) pick = x;
    }
    for (const j of coverers[pick]) {
      chosen.push(j);
      for (const x of inst.sets[j]) if (count[x]++ === 0) uncovered--;
      search();
      for (const x of inst.sets[j]) if (--count[x] === 0) uncovered++;
      chosen.pop();
    }
  };
  search();
  return { size: best.length, sets: best.slice().sort((a, b) => a - b) };
}

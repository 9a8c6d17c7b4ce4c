/**
 * Counter-based randomness for implicit trees: every random quantity of a node is a pure function of
 * (seed, path), so a subtree looks the same whichever algorithm reaches it, in whatever order, in any
 * process. 32-bit integer mixing with Math.imul keeps the hot loops free of BigInt and allocation.
 *
 * `mix32` is the finaliser of MurmurHash3 (Appleby), a bijection on 32-bit words with full avalanche.
 */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  // Signed int32 on purpose: V8 keeps it in an integer register; callers needing [0, 2^32) use >>> 0.
  return x | 0;
}

/** Hash of a parent state and a child index: the child's state. */
export function childHash(parent: number, i: number): number {
  return mix32((Math.imul(parent, 0x9e3779b1) + i + 1) | 0);
}

/**
 * Uniform integer in [0, n) from a 32-bit hash, for 1 ≤ n ≤ 2^21 (every model's ranges are far inside):
 * floor(h·n / 2^32), the multiply-high (bias below n / 2^32). Exact in doubles: h·n < 2^53 and the
 * scaling by 2^−32 is a power of two; V8 compiles it to two multiplications and a truncation.
 */
export function below(h: number, n: number): number {
  return ((h >>> 0) * n * 2.3283064365386963e-10) | 0;
}

/** Uniform double in (0, 1) from a 32-bit hash; never 0 so logarithms stay finite. */
export function unit(h: number): number {
  return ((h >>> 0) + 0.5) / 4294967296;
}

/** Derive a 32-bit root state from a user seed (any safe integer) and a tree index. */
export function seedHash(seed: number, tree: number): number {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 4294967296) >>> 0;
  return mix32(mix32(lo ^ 0x243f6a88) ^ mix32(hi + 0x13198a2e) ^ mix32(Math.imul(tree + 1, 0x3c6ef372)));
}

/** Independent streams of a node's hash: salts so branching, damage and noise never correlate. */
export const SALT_BRANCH = 0x68e31da4;
export const SALT_ZERO = 0x1b56c4e9;
export const SALT_NOISE = 0x5851f42d;
export const SALT_NOISE2 = 0x2545f491;
export const SALT_KEY = 0x4f1bbcdd; // odd: a multiplier for the second path hash

/**
 * The plain prefix-value kernel (Furtak & Buro 2009, Sec. 7: alpha-beta and NegaScout without memories,
 * natural or static estimate ordering) in WebAssembly: ./prefix-value-kernel.wat, bytes in
 * ./prefix-value-kernel-wasm.ts. Node for node the search of ./prefix-value-search.ts `search` (the same
 * value, best root move, counts and visit-limit stop; test/models/prefix-value-search.test.ts), at about
 * twice its speed (`npm run bench`): integer rows in its own memory, no bounds or map checks, and the
 * hash helpers inlined when it is built.
 *
 * The TypeScript kernel remains for a host without WebAssembly and for windows this one does not take.
 */
import { instantiate, LazyWasm } from '../util/wasm-module.ts';
import { settleCounters } from '../search/counters.ts';
import { SearchLimitError } from '../search/search-context.ts';
import type { KernelResult } from '../search/kernel.ts';
import type { PlainSearch } from './prefix-value-shape.ts';
import { PREFIX_VALUE_KERNEL_WASM } from './prefix-value-kernel-wasm.ts';

interface KernelExports {
  setTree(
    bmin: number,
    bspan: number,
    dspan: number,
    zeroDamage: number,
    noiseE: number,
    noisyLeaves: number,
    maxPly: number,
  ): void;
  search(
    depth: number,
    alpha: number,
    beta: number,
    h: number,
    pv: number,
    byEstimate: number,
    scout: number,
    visited: number,
    expanded: number,
    limit: number,
  ): number;
  visited(): number;
  expanded(): number;
  rootMove(): number;
}

const MODULE = new LazyWasm(PREFIX_VALUE_KERNEL_WASM);
/** Bounds are int32 in the kernel; values stay below 2^27 in magnitude (see the .wat). */
const WINDOW_MAX = 2 ** 30;
/** Counts are i64 there, converted from doubles: a limit of Infinity is this. */
const LIMIT_MAX = 2 ** 53;

let kernel: KernelExports | null | undefined;
let limitInUse = 0;

function instance(): KernelExports | null {
  if (kernel === undefined) {
    const m = MODULE.module();
    kernel =
      m === null
        ? null
        : (instantiate(m, {
            env: {
              limit: () => {
                throw new SearchLimitError(limitInUse);
              },
            },
          }) as KernelExports);
  }
  return kernel;
}

/** Why the kernel cannot run here ('' when it can). */
export function prefixValueWasmUnavailable(): string {
  return MODULE.unavailable();
}

/**
 * ./prefix-value-search.ts searchPrefixValue's search, or null where this kernel cannot make it: no
 * WebAssembly, or a bound that is not an integer within ±2^30 (a fractional bound compares differently
 * with the integer bounds the kernel keeps).
 */
export function searchPrefixValueWasm(q: PlainSearch): KernelResult | null {
  const { shape, counters } = q;
  if (!intBound(q.alpha) || !intBound(q.beta)) return null;
  const k = instance();
  if (k === null) return null;
  k.setTree(
    shape.bmin,
    shape.bspan,
    shape.dspan,
    shape.zeroDamage ? 1 : 0,
    shape.noiseE,
    shape.horizonEstimate && shape.noiseE > 0 ? 1 : 0,
    shape.maxPly,
  );
  limitInUse = q.maxVisited;
  let stopped = 1; // the visit that passes the limit is not classified (as prefix-value-search.ts counts)
  try {
    const value = k.search(
      q.depth,
      q.alpha,
      q.beta,
      shape.rootHash,
      shape.rootValue,
      q.byEstimate ? 1 : 0,
      q.algorithm === 'negascout' ? 1 : 0,
      counters.visited,
      counters.expanded,
      Math.min(q.maxVisited, LIMIT_MAX),
    );
    stopped = 0;
    return { value, bestMove: k.rootMove() };
  } finally {
    settleCounters(counters, k.visited(), k.expanded(), stopped);
  }
}

function intBound(x: number): boolean {
  return Number.isInteger(x) && Math.abs(x) <= WINDOW_MAX;
}

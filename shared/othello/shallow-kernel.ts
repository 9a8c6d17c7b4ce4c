/**
 * The solve mode's shallow search in WebAssembly: ./shallow-kernel.wat (bytes in ./shallow-kernel-wasm.ts),
 * node for node ./endgame-solver.ts's shallowNode on one native 64-bit word per side, where the TypeScript
 * search works on two int32 words (a 64-bit shift is two shifts and an OR there, a disc count a dozen
 * operations instead of one popcnt). The deep search calls it at each shallow root; the TypeScript search
 * remains for a host without WebAssembly.
 */
import { SHALLOW_KERNEL_WASM } from './shallow-kernel-wasm.ts';
import { instantiate, LazyWasm } from '../util/wasm-module.ts';

/**
 * The kernel's search of the position (the player to move's words, the opponent's) with `empties` ≥ 2
 * empty squares, window (alpha, beta), stability cutoffs when `stability` is 1, `left` visits (at most
 * 2^23) to the host's next event: returns left << 8 | (value + 65), the visits left after it.
 */
export type ShallowKernelSearch = (
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  alpha: number,
  beta: number,
  empties: number,
  stability: number,
  left: number,
) => number;

interface KernelExports {
  search: ShallowKernelSearch;
  stableDiscs(pl: number, ph: number, ol: number, oh: number): bigint;
}

const MODULE = new LazyWasm(SHALLOW_KERNEL_WASM);
let instance: KernelExports | null | undefined;
let onEvent: () => number = () => 1;

/** The one instance of this thread, or null where WebAssembly is missing or refused. */
function kernelInstance(): KernelExports | null {
  if (instance === undefined) {
    const m = MODULE.module();
    instance = m === null ? null : (instantiate(m, { env: { event: () => onEvent() } }) as KernelExports);
  }
  return instance;
}

/**
 * The kernel's search, its count of visits reaching 0 sent to `event` (which throws, unwinding the search,
 * or returns the next count), or null where WebAssembly is missing or refused (see shallowKernelUnavailable).
 * One instance per thread: the last caller's `event` is the one called.
 */
export function shallowKernel(event: () => number): ShallowKernelSearch | null {
  const k = kernelInstance();
  onEvent = event;
  return k === null ? null : k.search;
}

/**
 * For the tests, which hold it to ./stability.ts: the kernel's stable discs of the player (pl, ph) against
 * (ol, oh) as a 64-bit set (bit x: square x), or null where WebAssembly is missing or refused.
 */
export function kernelStableDiscs(pl: number, ph: number, ol: number, oh: number): bigint | null {
  const k = kernelInstance();
  return k === null ? null : BigInt.asUintN(64, k.stableDiscs(pl, ph, ol, oh)); // the i64 comes signed
}

/** Why the kernel cannot run here ('' when it can). */
export function shallowKernelUnavailable(): string {
  return MODULE.unavailable();
}

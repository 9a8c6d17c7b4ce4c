/**
 * The WebAssembly kernel of the final solver step (Pons, "Solving Connect 4", parts 9-12): the negamax
 * of ./final-kernel.wat (bytes in ./final-kernel-wasm.ts) on native 64-bit bitboards, with its own
 * transposition table in its memory. ./solver.ts runs its null-window searches on it when WebAssembly is
 * available; the TypeScript kernel (Solver.finalNode) searches node for node the same tree.
 *
 * Measured (bench/c4-vs-pons.ts, CPU time, Pons' Test_L2_R1 and first 300 of Test_L1_R1): the
 * TypeScript kernel on two 32-bit words runs at about half the speed of Pons' C++, this kernel at about
 * his speed, with the same table layout in both: the difference is the work on the bitboards (every
 * 49-bit shift across two words is two shifts and an OR, a popcount a dozen operations instead of one
 * instruction) and the code V8 makes of it.
 */
import { FINAL_KERNEL_WASM } from './final-kernel-wasm.ts';
import { instantiate, LazyWasm, type WasmModule } from '../util/wasm-module.ts';

interface KernelExports {
  memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  search(cl: number, ch: number, ml: number, mh: number, n: number, alpha: number, beta: number): number;
  setSize(size: number): void;
  setMaxNodes(max: number): void;
  setNodes(nodes: number): void;
  nodes(): number;
  reset(): void;
}

/** Where the table starts in the kernel's memory (see the .wat's header), and bytes per entry. */
const TABLE_OFFSET = 5 * 65536;
const ENTRY_BYTES = 8;
const PAGE = 65536;

const KERNEL = new LazyWasm(FINAL_KERNEL_WASM);

/** Why the kernel cannot run here ('' when it can). */
export function finalKernelUnavailable(): string {
  return KERNEL.unavailable();
}

export class FinalKernel {
  private readonly x: KernelExports;
  private size = 0;

  /**
   * `stop` is called when a search passes the node limit and must throw (the search unwinds through
   * it); `tick` gets the node count every PROGRESS_TICK nodes (../util/progress-pace.ts).
   */
  constructor(module: WasmModule, stop: () => never, tick: (nodes: number) => void) {
    this.x = instantiate(module, { env: { stop, tick } }) as KernelExports;
  }

  /** Start a solve: an empty table of `size` entries, the node count 0, at most `maxNodes` nodes. */
  begin(size: number, maxNodes: number): void {
    const x = this.x;
    if (size !== this.size) {
      const bytes = TABLE_OFFSET + size * ENTRY_BYTES;
      const have = x.memory.buffer.byteLength;
      if (bytes > have) x.memory.grow(Math.ceil((bytes - have) / PAGE));
      // slots of another size hold other keys: start from an empty table
      new Uint8Array(x.memory.buffer, TABLE_OFFSET, size * ENTRY_BYTES).fill(0);
      x.setSize(size);
      this.size = size;
    }
    x.reset();
    x.setNodes(0);
    x.setMaxNodes(maxNodes);
  }

  /**
   * Solver.finalNode's search from the position (the solver's four words, `n` stones) in the window
   * [alpha, beta]: the player to move must not be able to win at once.
   */
  search(cl: number, ch: number, ml: number, mh: number, n: number, alpha: number, beta: number): number {
    return this.x.search(cl, ch, ml, mh, n, alpha, beta);
  }

  /** Nodes since `begin`. */
  nodes(): number {
    return this.x.nodes();
  }
}

/** A kernel with its own memory and table, or null where WebAssembly is not available (see finalKernelUnavailable). */
export function createFinalKernel(stop: () => never, tick: (nodes: number) => void): FinalKernel | null {
  const m = KERNEL.module();
  return m === null ? null : new FinalKernel(m, stop, tick);
}

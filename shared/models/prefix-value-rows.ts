/**
 * PrefixValueTree's child rows (./prefix-value.ts: expand, childEstimatesInt) made by the prefix-value
 * kernel's own generation code (./prefix-value-kernel.wat $expand and $estimates, exported as treeExpand
 * and treeEstimates), on an instance of the kernel's module kept for trees, apart from the kernel's
 * searches. The generic engine's searches (../search/pv-node.ts) then draw a node's children in
 * WebAssembly, with native 64-bit multiply-highs and no bounds checks: ~15 % of their time on
 * `npm run bench`'s workload. Where WebAssembly is missing the tree draws them in TypeScript, the same rows.
 *
 * The rows live in that instance's memory, in the kernel's layout (64 entries per ply: the children's
 * states, their values, their integer estimate keys). One tree holds them at a time, and its row arrays
 * are then views of them. When another tree takes them, the rows of the holder's current path (plies
 * 0..ply, the only rows it reads again) are first copied back into its own arrays, and the new holder's
 * copied in, so trees used in turn keep their rows (at a copy per turn). The instance's memory never
 * grows (nothing else runs on it), so the views stay valid.
 */
import { KERNEL_MAX_BRANCHING, KERNEL_MAX_HEIGHT, type PrefixValueShape } from './prefix-value-shape.ts';
import { newKernelInstance, setTree, type KernelExports } from './prefix-value-wasm.ts';

/** Entries per ply in every row, the tree's own and the kernel's. */
export const ROW = KERNEL_MAX_BRANCHING;
const ROWS_LENGTH = (KERNEL_MAX_HEIGHT + 1) * ROW;
// The rows in the kernel's memory (bytes; see the .wat's header).
const HASH_OFFSET = 0;
const VALUE_OFFSET = 16640;
const KEY_OFFSET = 33280;

/** A tree whose rows this holds, in turn with others. */
export interface RowHolder {
  readonly ply: number;
  /** the rows the tree reads: its own arrays, or views of the instance's while it holds them */
  chHash: Int32Array;
  chValue: Int32Array;
  /** its own arrays, ROW entries per ply of its height */
  readonly ownHash: Int32Array;
  readonly ownValue: Int32Array;
  shape(): PrefixValueShape;
}

let rows: KernelExports | null | undefined;
let hashView = new Int32Array(0);
let valueView = new Int32Array(0);
let keyView = new Int32Array(0);
let holder: RowHolder | null = null;

/** The instance for trees, or null where WebAssembly is missing or refused. */
function instance(): KernelExports | null {
  if (rows === undefined) {
    rows = newKernelInstance();
    if (rows !== null) {
      const buffer = rows.memory.buffer;
      hashView = new Int32Array(buffer, HASH_OFFSET, ROWS_LENGTH);
      valueView = new Int32Array(buffer, VALUE_OFFSET, ROWS_LENGTH);
      keyView = new Int32Array(buffer, KEY_OFFSET, ROWS_LENGTH);
    }
  }
  return rows;
}

/** Hand the rows to `t`, which does not hold them (see the header), or return false where there is no instance. */
function hold(t: RowHolder): boolean {
  const k = instance();
  if (k === null) return false;
  if (holder !== null) {
    const live = (holder.ply + 1) * ROW;
    holder.ownHash.set(hashView.subarray(0, live));
    holder.ownValue.set(valueView.subarray(0, live));
    holder.chHash = holder.ownHash;
    holder.chValue = holder.ownValue;
  }
  const live = (t.ply + 1) * ROW;
  hashView.set(t.ownHash.subarray(0, live));
  valueView.set(t.ownValue.subarray(0, live));
  t.chHash = hashView;
  t.chValue = valueView;
  setTree(k, t.shape());
  holder = t;
  return true;
}

/**
 * PrefixValueTree.expand at `ply` (state h, prefix value pv, a node above the tree's height) into t's rows;
 * the number of children, or −1 where WebAssembly is missing (the tree then draws them itself).
 */
export function expandRows(t: RowHolder, ply: number, h: number, pv: number): number {
  if (holder !== t && !hold(t)) return -1;
  return rows!.treeExpand(ply, h, pv);
}

/**
 * PrefixValueTree.childEstimatesInt of the n children in t's rows at `ply` into out[off..off+n); false where
 * WebAssembly is missing.
 */
export function estimateRows(t: RowHolder, ply: number, n: number, out: Int32Array, off: number): boolean {
  if (holder !== t && !hold(t)) return false;
  rows!.treeEstimates(ply, n);
  const row = ply * ROW;
  const keys = keyView;
  for (let i = 0; i < n; i++) out[off + i] = keys[row + i];
  return true;
}

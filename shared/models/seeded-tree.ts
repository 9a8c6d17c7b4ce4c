/**
 * The cursor of an implicit game tree drawn from (seed, tree index, path), shared by the synthetic models
 * (./uniform.ts, ./prefix-value.ts, ../li/li-dependent.ts). Along the current path it keeps, per ply, the
 * node's 32-bit state hash, from which the model draws every random quantity of the node (../util/hash.ts),
 * and a second key word; the two are the node's transposition key (keyHi, keyLo). A model adds its own
 * per-ply rows and writes them in its constructor (the root's) and in descend (a child's), beside these.
 *
 * Row 0 is the root's and is written once: descend only writes rows below the current ply, so reset()
 * has only to move the cursor back.
 */
import { childHash, mix32, seedHash, SALT_KEY } from '../util/hash.ts';

/** What picks one tree of a model: its height, the experiment seed and the tree's index within it. */
export interface SeededTreeParams {
  /** height of the tree: every leaf is at this ply (spec and CLI call it depth) */
  height: number;
  /** experiment seed and index of the tree within it */
  seed: number;
  tree?: number;
}

export abstract class SeededTree {
  readonly maxPly: number;
  ply = 0;

  /** the root's state hash and second key word */
  protected readonly rootHash: number;
  protected readonly rootKey: number;
  // Current path: state hash and second key word per ply.
  protected readonly hash: Int32Array;
  protected readonly key2: Int32Array;

  /** The caller has checked the parameters: a model rejects bad input before anything is allocated. */
  protected constructor({ height, seed, tree = 0 }: SeededTreeParams) {
    this.maxPly = height;
    this.rootHash = seedHash(seed, tree);
    this.rootKey = mix32(this.rootHash ^ SALT_KEY);
    this.hash = new Int32Array(height + 1);
    this.key2 = new Int32Array(height + 1);
    this.hash[0] = this.rootHash;
    this.key2[0] = this.rootKey;
  }

  reset(): void {
    this.ply = 0;
  }

  /** Step into child i: its state hash and key word derive from the node's and i. */
  descend(i: number): void {
    const ply = this.ply;
    this.hash[ply + 1] = childHash(this.hash[ply], i);
    this.key2[ply + 1] = mix32(this.key2[ply] ^ Math.imul(i + 1, SALT_KEY));
    this.ply = ply + 1;
  }

  ascend(): void {
    this.ply--;
  }

  keyHi(): number {
    return this.key2[this.ply] >>> 0;
  }

  keyLo(): number {
    return this.hash[this.ply] >>> 0;
  }

  /** Nodes are implicit: no graph id. */
  nodeId(): number {
    return -1;
  }
}

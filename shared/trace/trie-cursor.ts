/**
 * A census's cursor over the trie of the expansions it has recorded (./census-trie.ts). Told each step
 * the searches take (by the trace recorder that follows them, ./trace-recorder.ts), it follows them
 * down the trie while they stay on recorded nodes, and counts the plies they go below the last one (an
 * expansion there is not recorded: the trie holds each node's children once, from its first
 * expansion). Node 0 is the root; a recorded node's children are the consecutive nodes from
 * first[node], numbered after it.
 */
export class TrieCursor {
  /** per trie node: its first child's index, or −1 while not expanded */
  protected first: Int32Array;
  /** trie nodes in use */
  protected count = 1;
  /** the trie node under the cursor, or the last recorded one on its path */
  protected cur = 0;
  /** plies the cursor is below `cur` */
  protected beyond = 0;
  /** per ply: the trie node on the cursor's path */
  private readonly stack: Int32Array;

  constructor(maxPly: number) {
    this.stack = new Int32Array(maxPly + 2);
    this.first = new Int32Array(1 << 12).fill(-1);
  }

  /** The searches start again at the root. */
  reset(): void {
    this.cur = 0;
    this.beyond = 0;
  }

  /** The searches stepped from a node at `ply` to its child i. */
  descend(ply: number, i: number): void {
    if (this.beyond === 0 && this.first[this.cur] >= 0) {
      this.cur = this.first[this.cur] + i;
      this.stack[ply + 1] = this.cur;
    } else this.beyond++;
  }

  /** The searches stepped back up to the node at `ply`. */
  ascend(ply: number): void {
    if (this.beyond > 0) this.beyond--;
    else this.cur = this.stack[ply];
  }

  /** Record the n children of the node under the cursor, and return its first child's index. */
  protected addChildren(n: number): number {
    if (this.count + n > this.first.length) this.grow(Math.max(this.first.length * 2, this.count + n));
    const f = this.count;
    this.first[this.cur] = f;
    this.count += n;
    return f;
  }

  /** Room for `size` trie nodes. */
  protected grow(size: number): void {
    const f = new Int32Array(size).fill(-1);
    f.set(this.first);
    this.first = f;
  }
}

/**
 * A Game over an explicit graph that marks every node a search steps onto (its root included): which
 * nodes a search saw, and how many distinct ones, against the node counts the search reports.
 */
import type { ExplicitGame } from './explicit-game.ts';
import { ForwardingGame } from './forwarding-game.ts';

export class NodeMarkingGame extends ForwardingGame {
  /** 1 for each node of the graph the search stepped onto */
  readonly seen: Uint8Array;

  constructor(inner: ExplicitGame) {
    super(inner);
    this.seen = new Uint8Array(inner.graph.nodeCount);
  }

  override reset(): void {
    super.reset();
    this.seen[this.inner.nodeId()] = 1;
  }

  override descend(i: number): void {
    super.descend(i);
    this.seen[this.inner.nodeId()] = 1;
  }

  /** How many distinct nodes the search stepped onto. */
  count(): number {
    let c = 0;
    for (let v = 0; v < this.seen.length; v++) c += this.seen[v];
    return c;
  }

  /** The nodes the search stepped onto, by id. */
  visitedNodes(): number[] {
    const out: number[] = [];
    for (let v = 0; v < this.seen.length; v++) if (this.seen[v]) out.push(v);
    return out;
  }
}

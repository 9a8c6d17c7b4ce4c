/**
 * A Game that forwards every call to another one: the base of the observing wrappers (which node a
 * search steps on, how often it expands, …). It deliberately leaves out the optional fast paths
 * (`childValue`, `childValues`, `childEstimates`, `childEstimatesInt`), so searches descend into every
 * leaf they look at and a subclass sees each one; counts and results are the same either way (game.ts).
 */
import type { Game } from './game.ts';

export class ForwardingGame implements Game {
  constructor(protected readonly inner: Game) {}
  get maxChildren(): number {
    return this.inner.maxChildren;
  }
  get maxPly(): number {
    return this.inner.maxPly;
  }
  get ply(): number {
    return this.inner.ply;
  }
  reset(): void {
    this.inner.reset();
  }
  expand(): number {
    return this.inner.expand();
  }
  descend(i: number): void {
    this.inner.descend(i);
  }
  ascend(): void {
    this.inner.ascend();
  }
  evaluate(): number {
    return this.inner.evaluate();
  }
  exactValue(): number {
    return this.inner.exactValue();
  }
  childEstimate(i: number): number {
    return this.inner.childEstimate(i);
  }
  childDegree(i: number): number {
    return this.inner.childDegree(i);
  }
  keyHi(): number {
    return this.inner.keyHi();
  }
  keyLo(): number {
    return this.inner.keyLo();
  }
  nodeId(): number {
    return this.inner.nodeId();
  }
}

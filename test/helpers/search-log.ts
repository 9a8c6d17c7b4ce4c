/**
 * An independent log of a search, for tests of what its orderings knew: a game wrapper that notes,
 * by path, every call's end (with its result), every expansion, every descent and the pass they fall in
 * (the caller counts passes in `pass`), and files each ordering the engine
 * reports beside what the log itself knew at that moment (which children a call had finished at).
 */
import { ForwardingGame } from '../../shared/game/forwarding-game.ts';
import type { OrderingView, SearchObserver } from '../../shared/search/search-observer.ts';

/** One ordering as the log saw it: the engine's report (copied), and what the log knew independently at that moment. */
export interface Ordering {
  path: string;
  pass: number;
  needsValue: boolean;
  needsSize: boolean;
  ttMove: number;
  knowledge: number[];
  value: number[];
  size: number[];
  key: number[];
  /** per child: a call at it had ended before the ordering (in any pass), and the last such call's result */
  searchedBefore: boolean[];
  lastResult: number[];
  /** per child: a call had expanded it (generated its children) before the ordering, in any pass */
  expandedBefore: boolean[];
  /** per child: some earlier pass searched it (a call at it ended), or expanded it */
  searchedEarlierPass: boolean[];
  expandedEarlierPass: boolean[];
  /** children in the order the call descended into them after the ordering */
  descents: number[];
}

export const child = (path: string, i: number): string => (path === '' ? `${i}` : `${path}.${i}`);

/** Logs calls, expansions and descents by path; told each ordering, it files the engine's report beside the log's own view. */
export class SearchLog extends ForwardingGame implements SearchObserver {
  pass = 0;
  private readonly path: number[] = [];
  private readonly results = new Map<string, number>();
  /** per path: the first pass in which a call at it ended, and in which it was expanded */
  private readonly searchedIn = new Map<string, number>();
  private readonly expandedIn = new Map<string, number>();
  /** per ply: the ordering of the call in progress there (descents go to it), or null */
  private readonly open: (Ordering | null)[] = [];
  readonly orderings: Ordering[] = [];

  private here(): string {
    return this.path.join('.');
  }

  override reset(): void {
    super.reset();
    this.path.length = 0;
  }

  override expand(): number {
    const n = super.expand();
    const p = this.here();
    if (n > 0 && !this.expandedIn.has(p)) this.expandedIn.set(p, this.pass);
    return n;
  }

  override descend(i: number): void {
    const o = this.open[this.path.length];
    if (o && !o.descents.includes(i)) o.descents.push(i);
    super.descend(i);
    this.path.push(i);
  }

  override ascend(): void {
    super.ascend();
    this.path.pop();
  }

  enter(): void {
    this.open[this.path.length] = null;
  }

  leave(value: number): number {
    const p = this.here();
    this.results.set(p, value);
    if (!this.searchedIn.has(p)) this.searchedIn.set(p, this.pass);
    return value;
  }

  ordered(view: OrderingView): void {
    const p = this.here(),
      n = view.n;
    const kids = Array.from({ length: n }, (_, i) => child(p, i));
    const o: Ordering = {
      path: p,
      pass: this.pass,
      needsValue: view.needsValue,
      needsSize: view.needsSize,
      ttMove: view.ttMove,
      knowledge: Array.from(view.knowledge.subarray(0, n)),
      value: Array.from(view.value.subarray(0, n)),
      size: Array.from(view.size.subarray(0, n)),
      key: Array.from(view.key.subarray(view.off, view.off + n)),
      searchedBefore: kids.map((c) => this.results.has(c)),
      lastResult: kids.map((c) => this.results.get(c) ?? NaN),
      expandedBefore: kids.map((c) => this.expandedIn.has(c)),
      searchedEarlierPass: kids.map((c) => (this.searchedIn.get(c) ?? Infinity) < this.pass),
      expandedEarlierPass: kids.map((c) => (this.expandedIn.get(c) ?? Infinity) < this.pass),
      descents: [],
    };
    this.orderings.push(o);
    this.open[this.path.length] = o;
  }
}

/** What the spec lets an ordering know, for `expectedWords`. */
export interface KnowledgeRule {
  /** the series' ordering reads V_i / S_i */
  readsValue: boolean;
  readsSize: boolean;
  /** annotations kept (iterative deepening): without them nothing was searched "before" */
  annotated: boolean;
  unexpanded: 'estimate' | 'random';
  sizeInfo: 'all' | 'searched' | 'expanded';
  /** the stand-in of an unknown S_i: a number, or "last" */
  standIn: number | 'last';
  /** out-degree of child i */
  degree: (i: number) => number;
}

/**
 * The tree viewer's words for child i of ordering r (V_i, S_i, order), derived from the log and the
 * spec's rules alone: V_i is the negated last result of a child searched before, else "random" or its
 * estimate; S_i its out-degree where the rule lets the ordering know it, else the stand-in.
 */
export function expectedWords(
  r: Ordering,
  i: number,
  k: KnowledgeRule,
  num: (x: number) => string,
): { value: string; size: string; order: string } {
  const searched = k.annotated && r.searchedBefore[i];
  const value = !k.readsValue
    ? '–'
    : searched
      ? num(-r.lastResult[i] + 0)
      : k.annotated && k.unexpanded === 'random'
        ? 'random'
        : `est. ${num(r.value[i])}`;
  const sizeKnown =
    k.sizeInfo === 'all' || (k.annotated && (k.sizeInfo === 'searched' ? r.searchedBefore[i] : r.expandedBefore[i]));
  const size = !k.readsSize
    ? '–'
    : sizeKnown
      ? num(k.degree(i))
      : k.standIn === 'last'
        ? 'unknown'
        : `stand-in ${num(k.standIn)}`;
  const place = r.descents.indexOf(i) + 1;
  const order = place === 0 ? '–' : i === r.ttMove ? `${place}, stored move` : String(place);
  return { value, size, order };
}

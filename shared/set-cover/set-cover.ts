/**
 * The set-cover reduction of Furtak & Buro (2009, Sec. 4, Theorem 4.1 and Figure 1): MinSetCover ≤p
 * MinProofGraph-1 (target proof graphs) and ≤p MinProofGraph-2 (minimax proof graphs).
 *
 * Graph (node ids in brackets), for X = {x_0..x_{n−1}} and sets S_0..S_{m−1}:
 *   t [0] (white, root) → u [1] (black) → v_i [2+i] (white, one per element)
 *   → w_j [2+n+j] (black leaves, one per set), with an edge v_i → w_j iff x_i ∈ S_j.
 * White is the root player (graph.ts player 0). The paper gives white nodes value 1 and black nodes
 * −1 in its negamax convention (Sec. 2: f is w.r.t. the player to move), i.e. white wins everywhere:
 * a black leaf w_j at −1 is lost for black to move. That is exactly graph.ts's encoding, so values are
 * stored as given (+1 at white nodes, −1 at black ones) and `solveGraph` confirms they are consistent.
 *
 * MinProofGraph-1 with t = 1: a target proof graph (Sec. 2.1) contains t, one child of each white
 * node in it, all children of each black node in it. So it holds t, u, every v_i, and for every v_i
 * some w_j adjacent to it: the chosen w_j form a set cover, and every cover gives a proof.
 *   Claim 1: minimum target proof graph size = 2 + n + k*, k* the minimum cover size.
 *
 * MinProofGraph-2 (the dashed box of Figure 1, which the text describes but does not draw). Without
 * it the claim fails: u (value −1, black) is examined with the root's full window (−∞, ∞) and can
 * never cut (a cut needs α ≥ β = ∞), so all v_i are examined, and the first of them, v_a, is examined
 * with (−∞, ∞) too and must examine *all* its children (again no cut is possible). Only after that,
 * u's α is −1, the remaining v_i get the window (−∞, 1) and any one child w_j with value −1 cuts. So
 * the minimum would be 2 + n + min_a |N(v_a) ∪ cover of the rest|, not 2 + n + k*.
 *
 * Reconstruction: add a fresh element vertex x* [2+n+m] (white, a child of u, placed first among u's
 * children) whose only child is a fresh set vertex S* [3+n+m] (black leaf, value −1), i.e. a new
 * element covered only by a new singleton set. This has the properties the text states:
 *  - "the new vertices must necessarily be included in any proof subgraph": u must examine all its
 *    children (it cannot cut, see above), so x* is in H, and x*'s only way to show any value is S*;
 *  - "at least one third level node must have all its children examined": the first child u examines
 *    gets (−∞, ∞) and cannot cut; choosing x* costs exactly its one child S*, which is needed anyway;
 *  - "after that, due to the given node values, all other third level nodes need only examine any one
 *    of their children to produce a cut": with α(u) = −1, each v_i gets (−∞, 1) and every w_j has
 *    −f(w_j) = 1 ≥ 1, so one child in the cover cuts.
 * A minimax proof graph therefore holds t, u, x*, S*, all v_i, and w_j covering every v_i; conversely
 * these nodes with a minimum cover form one (order x* first at u).
 *   Claim 2: minimum minimax proof graph size = 2 + n + k* + 2 = 4 + n + k*.
 * (The two added vertices are the constant: it is also Claim 1 for the instance with the extra
 * element and singleton set, whose minimum cover is k* + 1.)
 */
import { csrFromLists, type Graph } from '../game/graph.ts';
import { checkSetCoverInstance, type SetCoverInstance } from './set-cover-instance.ts';

export type SetCoverVariant = 'target' | 'minimax';

/** The target t of MinProofGraph-1 in the reduction: prove that white (the root player) scores ≥ 1. */
export const SET_COVER_TARGET = 1;

/** Node ids of the reduction graph for an instance with n elements and m sets. */
export interface SetCoverLayout {
  n: number;
  m: number;
  root: number;
  dummy: number;
  /** id of v_i, the node of element i */
  element(i: number): number;
  /** id of w_j, the node of set j */
  set(j: number): number;
  /** x* and S* of the minimax variant, −1 in the target variant */
  extraElement: number;
  extraSet: number;
  nodeCount: number;
}

export function setCoverLayout(n: number, m: number, variant: SetCoverVariant): SetCoverLayout {
  const extra = variant === 'minimax';
  return {
    n,
    m,
    root: 0,
    dummy: 1,
    element: (i) => 2 + i,
    set: (j) => 2 + n + j,
    extraElement: extra ? 2 + n + m : -1,
    extraSet: extra ? 3 + n + m : -1,
    nodeCount: 2 + n + m + (extra ? 2 : 0),
  };
}

/** The claimed minimum proof graph size for a minimum cover of size k*: 2 + n + k* (+2 for minimax). */
export function setCoverProofSize(variant: SetCoverVariant, n: number, kStar: number): number {
  return 2 + n + kStar + (variant === 'minimax' ? 2 : 0);
}

/** Build the reduction DAG (graph.ts form) for an instance: see the header for the construction. */
export function setCoverGraph(inst: SetCoverInstance, variant: SetCoverVariant = 'target'): Graph {
  checkSetCoverInstance(inst);
  if (variant !== 'target' && variant !== 'minimax') {
    throw new RangeError(`variant = ${String(variant)} is not allowed: it must be 'target' or 'minimax'`);
  }
  const n = inst.universe,
    m = inst.sets.length;
  const L = setCoverLayout(n, m, variant);
  const N = L.nodeCount;
  const kids: number[][] = Array.from({ length: N }, () => []);
  kids[L.root].push(L.dummy);
  if (variant === 'minimax') {
    kids[L.dummy].push(L.extraElement);
    kids[L.extraElement].push(L.extraSet);
  }
  for (let i = 0; i < n; i++) kids[L.dummy].push(L.element(i));
  // v_i → w_j iff x_i ∈ S_j, children of v_i in increasing j.
  inst.sets.forEach((s, j) => s.forEach((x) => kids[L.element(x)].push(L.set(j))));
  const player = new Uint8Array(N);
  const value = new Float64Array(N);
  const mark = (v: number, black: boolean) => {
    player[v] = black ? 1 : 0;
    value[v] = black ? -1 : 1; // negamax: white wins everywhere
  };
  mark(L.root, false);
  mark(L.dummy, true);
  for (let i = 0; i < n; i++) mark(L.element(i), false);
  for (let j = 0; j < m; j++) mark(L.set(j), true);
  if (variant === 'minimax') {
    mark(L.extraElement, false);
    mark(L.extraSet, true);
  }
  const { childOffsets, children } = csrFromLists(kids);
  return {
    kind: 'dag',
    root: L.root,
    nodeCount: N,
    player,
    value,
    childOffsets,
    children,
    estimate: null,
    meta: {
      model: 'set-cover',
      params: { variant, universe: n, sets: m, target: variant === 'target' ? SET_COVER_TARGET : null },
      seed: null,
      generator: 'Furtak & Buro 2009, Sec. 4, Figure 1 (set-cover reduction)',
    },
  };
}

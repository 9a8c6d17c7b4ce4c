/**
 * A proof tree as a walk (Furtak & Buro 2009, Sec. 5.2, Figure 2): the roles of Figure 2's (node,
 * window) pairs and the receiver of a depth-first walk over a proof by child index.
 */
/** Roles of Figure 2's (node, window) pairs: PV (exact value), cut (f ≥ bound), all (f ≤ bound). */
export const PV = 0,
  CUT = 1,
  ALL = 2;
export type ProofRole = typeof PV | typeof CUT | typeof ALL;
/** Receives a proof tree as a depth-first walk by child index (natural move order of the Game). */
export interface ProofSink {
  /** the walk's current node is in the proof, with its role and bound (PV: its value; CUT: f ≥ bound; ALL: f ≤ bound), values in the node's own negamax view */
  node(role: ProofRole, bound: number): void;
  /** step into child i of the current node (called before node() of that child) */
  down(i: number): void;
  up(): void;
}

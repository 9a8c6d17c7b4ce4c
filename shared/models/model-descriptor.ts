/**
 * What the rest of the workbench knows about a tree model of the experiment spec: its kind (as specs,
 * results and `gtlab generate` write it), a title, its parameters as a zod schema whose fields carry
 * labels and ranges (../util/fields.ts), its capabilities, the Game factory, the mean branching that
 * size estimates use, and its flags of `gtlab generate` (./model-flags.ts). Descriptors live one per
 * model and are listed in ./registry.ts.
 */
import type { z } from 'zod';
import type { Game } from '../game/game.ts';
import type { ModelCli } from './model-flags.ts';

interface ModelCapabilities {
  /** a static evaluation at every node: searches may stop at any depth, so iterative deepening applies */
  readonly staticEvaluation: boolean;
  /** the exact negamax value of every node is known without search (Game.exactValue) */
  readonly exactInteriorValues: boolean;
  /** every value is an integer (null-window searches need it) */
  readonly integerValues: boolean;
}

export interface ModelDescriptor<K extends string = string, M extends { kind: K } = { kind: K }> {
  readonly kind: K;
  /** e.g. "uniform (Pearl/Nau)" */
  readonly title: string;
  /** the model object of a spec, `kind` included; cross-field rules carry their field path */
  readonly schema: z.ZodType;
  readonly capabilities: ModelCapabilities;
  /** a valid model of this kind (the form's values when the kind is chosen; tests) */
  readonly example: M;
  /** tallest tree the core generates (per-ply buffers are sized for it) */
  readonly maxDepth: number;
  /** the core's parameters of tree `tree`, height `depth`, as `make` builds it and `gtlab generate` records them */
  params(model: M, depth: number, seed: number, tree: number): { readonly height: number };
  /** tree `tree` of a run, height `depth`, from (seed, tree) */
  make(model: M, depth: number, seed: number, tree: number): Game;
  /** mean number of children of an interior node (the expected tree size is Σ b^k) */
  meanBranching(model: M): number;
  /** a lower bound on every interior node's branching that the MPT branch and bound may use (0: none) */
  mptMinBranching(model: M): number;
  /**
   * Models whose horizon may score a node with its heuristic value (Furtak & Buro 2009, Sec. 7): the same
   * trees scored exactly at the horizon (the `true` denominator's trees), or null when the searches already
   * see exact values there; and E ≥ |evaluate() − exactValue()| at the horizon (Infinity when unbounded),
   * which the `seen` branch and bound (../proof/mpt-seen.ts) uses. Absent: the horizon is always exact.
   */
  readonly horizon?: {
    exact(model: M): M | null;
    errorBound(model: M): number;
  };
  /**
   * Models of real game positions, each searched to the end of the game (Othello endgames): tree t of a run
   * is the t-th line of play, and its "depth" d the position on that line with d empty squares, which
   * `make(model, d, seed, t)` returns (at its root: ply 0). A run measures `depths(model, depth)`, every
   * series searching each position to the end, and divides by the position's exact minimum proof tree.
   * Absent: generated trees, searched to depth d.
   */
  readonly positions?: {
    /** how many lines (trees) there are */
    lines(model: M): number;
    /** the depths a run with deepest depth `depth` measures */
    depths(model: M, depth: number): number[];
    /** null when a run may measure to `depth`, else why not (the spec's message for its depth field) */
    checkDepth(model: M, depth: number): string | null;
    /** the position of line `tree` at `depth`, as text (recorded with its result line) */
    position(model: M, depth: number, tree: number): string;
    /** what a depth is, as charts name their x axis */
    readonly axis: string;
  };
  /** how `gtlab generate` reads this model from its flags and lists them in its help */
  readonly cli: ModelCli;
}

/** Keeps the kind as a literal type and ties the factory to the schema's output. */
export function defineModel<const K extends string, S extends z.ZodType<{ kind: K }>>(
  d: Omit<ModelDescriptor<K, z.output<S>>, 'schema'> & { schema: S },
): ModelDescriptor<K, z.output<S>> & { schema: S } {
  return d;
}

/**
 * Specialised kernels of the minimum proof tree branch and bound (./mpt-branch-and-bound.ts, Furtak & Buro
 * 2009, Sec. 5.2, Figure 2), keyed by game class, and what such a kernel is: the same branch and bound on
 * the game's own representation instead of the Game cursor, for the `true` denominator (exact values) and
 * the `seen` one (./mpt-seen.ts: bounds f ± E, null-window tests on the truncation). A kernel belongs to
 * the module that defines its game class, which calls `registerMptKernel` when it loads (as the search
 * kernels of ../search/kernels.ts do), so proof/ imports nothing of the games above it.
 *
 * A game whose interior values are solved as the branch and bound asks (../search/solved-game.ts) finds
 * its kernel by the class of the game it solves (`registerSolvedMptKernel`): such a kernel gets that game
 * and finds the exact values itself, in its own representation.
 *
 * Contract of a kernel: node for node the generic code — the same size, the same expansions and tests
 * counted, the same error where the generic code throws — for every configuration it accepts; `sizer`
 * returns null for the others, and the generic code then runs.
 */
import type { Game } from '../game/game.ts';
import type { GameClass } from '../search/kernel.ts';
import { SolvedGame } from '../search/solved-game.ts';

/** What the branch and bound asks of a kernel: its settings, fixed for the kernel's lifetime. */
export interface MptKernelSetup {
  /** fewest children of any node above the horizon, as given to the branch and bound */
  minBranching: number;
  leafCost: 0 | 1;
  /** E of the truncation's bounds (the `seen` denominator's values by tests), or null for exact values */
  errorBound: number | null;
  /** the branch and bound's lower bounds by remaining depth: LC[r] and LCany[r] (read, never written) */
  lc: Float64Array;
  lcAny: Float64Array;
}

/** The counters the branch and bound keeps (MptBranchAndBoundStats). */
interface MptWork {
  expanded: number;
  tests: number;
}

export interface MptSizer {
  /**
   * P(root) of the truncation at remaining depth r ≥ 2 with root value fv, as the branch and bound's
   * pv(r, fv, ∞) on the root (its expansions and tests added to `work`), or null where the kernel cannot
   * take this fv (the generic code then runs).
   */
  pvSize(r: number, fv: number, work: MptWork): number | null;
}

export interface MptKernel<G extends Game> {
  /** The sizer for `game` under `setup`, or null for a configuration the generic code must run. */
  sizer(game: G, setup: MptKernelSetup): MptSizer | null;
}

const registry = new Map<GameClass<Game>, MptKernel<Game>>();
const solvedRegistry = new Map<GameClass<Game>, MptKernel<Game>>();

/** Registers `kernel` for the instances of `gameClass` (exactly that class). */
export function registerMptKernel<G extends Game>(gameClass: GameClass<G>, kernel: MptKernel<G>): void {
  registry.set(gameClass, kernel as unknown as MptKernel<Game>);
}

/**
 * Registers `kernel` for a SolvedGame over an instance of `gameClass` (exactly that class): the kernel gets
 * the solved game, at its root, and computes the exact values the SolvedGame would.
 */
export function registerSolvedMptKernel<G extends Game>(gameClass: GameClass<G>, kernel: MptKernel<G>): void {
  solvedRegistry.set(gameClass, kernel as unknown as MptKernel<Game>);
}

/** The registered kernel's sizer for `game` under `setup`, or null (none registered, or it declines). */
export function mptSizerFor(game: Game, setup: MptKernelSetup): MptSizer | null {
  if (game instanceof SolvedGame) {
    const solved = game.solved;
    return solvedRegistry.get(solved.constructor as GameClass<Game>)?.sizer(solved, setup) ?? null;
  }
  return registry.get(game.constructor as GameClass<Game>)?.sizer(game, setup) ?? null;
}

/**
 * The minimum proof tree branch and bound (../proof/mpt-branch-and-bound.ts: Furtak & Buro 2009, Sec. 5.2,
 * Figure 2 with budgets) on an Othello position's game tree to the end of the game, the denominator of
 * Figure 4 on Othello endgames (../proof/position-mpt.ts): the MPT kernel (../proof/mpt-kernels.ts) that
 * ./othello-game.ts registers for an OthelloGame whose interior values are solved as the branch and bound
 * asks (../search/solved-game.ts). The exact values come from ./exact-value-table.ts instead of the
 * cursor's solves; they are the same values, so the branch and bound takes the same steps.
 *
 * It takes the generic code's steps in the generic code's order (MptBranchAndBound's pv, cut and all with
 * exact values), so it finds the same sizes with the same expansions counted; what differs is the
 * representation. A node is its two bitboards (the player to move's discs and the opponent's, two int32
 * words each), passed in arguments; its children are written into per-ply rows in natural move order
 * (A1..H8, or the one pass of a player without a move), with their boards, exact values and degrees
 * (the opponent's replies, 1 for a pass, 0 when the game is over: OthelloGame.childDegree).
 *
 * What the game settles, where the generic code checks or branches:
 *  - the depth is the game's maxPly (2 × the root's empties) and no game lasts longer, so a node at
 *    remaining depth 0 is terminal and every value read is exact (no horizon estimate);
 *  - values are exact, so the bounds the generic code keeps are the values and every test it would run
 *    is decided by them (it counts none);
 *  - the kernel takes minBranching 0 only (Othello has terminal nodes, so the generic code throws for
 *    more) and exact values only (errorBound null).
 * Where the generic code's work does not show in its results, the kernel does less: an all-node two plies
 * above its end reads only its children's degrees, as the generic code does, and no exact value is
 * solved where the generic code's reading of it cannot change a step (the children of an all-node).
 *
 * Sizes and budgets are doubles as there, in the same order of operations. Hot loops allocate nothing;
 * the module-level rows make it non-reentrant.
 */
import { noBestChildError, noCandidateError } from '../proof/mpt-branch-and-bound.ts';
import type { MptKernel, MptKernelSetup } from '../proof/mpt-kernels.ts';
import * as bitboards from './bitboard-kernel.ts';
import { exactValue } from './exact-value-table.ts';
import type { Game } from '../game/game.ts';
import type { OthelloPosition } from './position.ts';

// Local bindings of the hot imports (module loaders may compile ES imports to getters).
const { flips, HI, moves, replies } = bitboards;

/** Plies the rows hold (a game from 60 empties lasts at most 120). */
const PLIES = 128;
/** Slots per ply (a position has at most 33 moves). */
const ROW = 64;
const CELLS = PLIES * ROW;

// Per ply, the children of the node searched there: boards (child's view: C_ME the player to move), exact
// values (child's view), degrees; a cut node's candidates and their keys; a PV node's or all-node's
// children's cut sizes.
const C_ME_LO = new Int32Array(CELLS);
const C_ME_HI = new Int32Array(CELLS);
const C_OP_LO = new Int32Array(CELLS);
const C_OP_HI = new Int32Array(CELLS);
const CV = new Int32Array(CELLS);
const DEG = new Int32Array(CELLS);
const CAND = new Int32Array(CELLS);
const KK = new Float64Array(CELLS);
const TW = new Float64Array(CELLS);

let L = 1;
let LC: Float64Array = new Float64Array(1),
  LCany: Float64Array = new Float64Array(1);
let expanded = 0;

/** What the kernel reads of the game it serves (an OthelloGame, ./othello-game.ts, which registers it): its root. */
interface OthelloMptGame extends Game {
  readonly root: OthelloPosition;
}

/** The kernel as registered for an OthelloGame solved as asked. */
export const othelloMptKernel: MptKernel<OthelloMptGame> = {
  sizer(game, setup) {
    if (setup.errorBound !== null || setup.minBranching !== 0) return null;
    const root = game.root;
    return {
      pvSize(r, fv, work) {
        load(setup);
        expanded = 0;
        try {
          return pv(0, r, fv, Infinity, root.ownLo, root.ownHi, root.oppLo, root.oppHi);
        } finally {
          work.expanded += expanded;
        }
      },
    };
  },
};

function load(setup: MptKernelSetup): void {
  L = setup.leafCost;
  LC = setup.lc;
  LCany = setup.lcAny;
}

/**
 * The children of the node (ml, mh | ol, oh) at `ply` into the ply's rows, boards and degrees (and exact
 * values when `values`); returns their number (0 at a terminal node).
 */
function expand(ply: number, ml: number, mh: number, ol: number, oh: number, values: boolean): number {
  const row = ply * ROW;
  let lo = moves(ml, mh, ol, oh);
  let hi = HI[0];
  if ((lo | hi) === 0) {
    if ((moves(ol, oh, ml, mh) | HI[0]) === 0) return 0;
    setChild(row, ol, oh, ml, mh, values);
    return 1;
  }
  let n = 0;
  while ((lo | hi) !== 0) {
    let x: number;
    if (lo !== 0) {
      x = 31 - Math.clz32(lo & -lo);
      lo &= lo - 1;
    } else {
      x = 63 - Math.clz32(hi & -hi);
      hi &= hi - 1;
    }
    const fl = flips(ml, mh, ol, oh, x);
    const fh = HI[1];
    setChild(
      row + n++,
      ol & ~fl,
      oh & ~fh,
      x < 32 ? ml | fl | (1 << x) : ml | fl,
      x < 32 ? mh | fh : mh | fh | (1 << (x - 32)),
      values,
    );
  }
  return n;
}

function setChild(k: number, ml: number, mh: number, ol: number, oh: number, values: boolean): void {
  C_ME_LO[k] = ml;
  C_ME_HI[k] = mh;
  C_OP_LO[k] = ol;
  C_OP_HI[k] = oh;
  DEG[k] = replies(ml, mh, ol, oh);
  if (values) CV[k] = exactValue(ml, mh, ol, oh);
}

/**
 * MptBranchAndBound.pv: P(v) of the node at `ply` with remaining depth r ≥ 2 and value fv; exact if ≤
 * budget, else a lower bound > budget.
 */
function pv(
  ply: number,
  r: number,
  fv: number,
  budget: number,
  ml: number,
  mh: number,
  ol: number,
  oh: number,
): number {
  expanded++;
  const n = expand(ply, ml, mh, ol, oh, true);
  const row = ply * ROW;
  let best0 = -Infinity;
  for (let k = row; k < row + n; k++) if (-CV[k] > best0) best0 = -CV[k];
  if (best0 !== fv) {
    throw new Error(
      `the game's values are inconsistent: exactValue() = ${fv} at ply ${ply} but its children give ${best0}`,
    );
  }
  const nf = 0 - fv;
  const lc = LC[r - 1];
  let rest = 0;
  for (let k = row; k < row + n; k++) rest += DEG[k] === 0 ? L : lc;
  // t = Σ_x C_{−f(v)}(x); P(v) ≥ 1 + t.
  let t = 0;
  if (1 + rest > budget) return 1 + rest;
  for (let k = row; k < row + n; k++) {
    const d = DEG[k];
    rest -= d === 0 ? L : lc;
    let c: number;
    if (d === 0) c = L;
    else if (r === 2) c = 1 + L;
    else c = cut(ply + 1, r - 1, nf, budget - 1 - t - rest, C_ME_LO[k], C_ME_HI[k], C_OP_LO[k], C_OP_HI[k]);
    TW[k] = c;
    t += c;
    if (1 + t + rest > budget) return 1 + t + rest;
  }
  // Best child w first: 1 + t + P(w) − C(w), minimised over the best moves.
  let best = Infinity;
  let lim = budget;
  let failLb = Infinity;
  for (let k = row; k < row + n; k++) {
    if (CV[k] > nf) continue;
    const base = 1 + t - TW[k];
    const d = DEG[k];
    let p: number;
    if (d === 0) p = L;
    else if (r === 2) p = 1 + d * L;
    else p = pv(ply + 1, r - 1, nf, lim - base, C_ME_LO[k], C_ME_HI[k], C_OP_LO[k], C_OP_HI[k]);
    const x = base + p;
    if (x <= lim) {
      best = x;
      lim = x - 1;
    } else if (x < failLb) failLb = x;
  }
  if (best === Infinity && failLb === Infinity) throw noBestChildError(ply, nf);
  return best !== Infinity ? best : failLb;
}

/**
 * MptBranchAndBound.cut: C_b(v) of the node at `ply` with remaining depth r ≥ 2 (which has children);
 * exact if ≤ budget, else a lower bound > budget.
 */
function cut(
  ply: number,
  r: number,
  b: number,
  budget: number,
  ml: number,
  mh: number,
  ol: number,
  oh: number,
): number {
  expanded++;
  const n = expand(ply, ml, mh, ol, oh, true);
  const row = ply * ROW;
  const nb = 0 - b;
  if (r === 2) {
    // A_1(w) = 1 + deg(w)·L (L for a terminal w).
    let mn = Infinity;
    for (let k = row; k < row + n; k++) {
      if (CV[k] <= nb) {
        const d = DEG[k];
        const a1 = d === 0 ? L : 1 + d * L;
        if (a1 < mn) mn = a1;
      }
    }
    if (mn === Infinity) throw noCandidateError(ply, b);
    return 1 + mn;
  }
  const lcBelow = LCany[r - 2];
  // Candidates by ascending lower bound, ties by ascending f(w), then by index (an insertion sort).
  let end = row;
  for (let k = row; k < row + n; k++) {
    const fw = CV[k];
    if (fw > nb) continue;
    const d = DEG[k];
    const kk = d === 0 ? L : 1 + d * lcBelow;
    let j = end++;
    for (; j > row && (KK[j - 1] > kk || (KK[j - 1] === kk && CV[CAND[j - 1]] > fw)); j--) {
      KK[j] = KK[j - 1];
      CAND[j] = CAND[j - 1];
    }
    KK[j] = kk;
    CAND[j] = k;
  }
  if (end === row) throw noCandidateError(ply, b);
  let best = Infinity;
  let lim = budget - 1; // a candidate's all-node must be ≤ lim to matter
  let failLb = Infinity;
  for (let j = row; j < end; j++) {
    const kk = KK[j];
    if (kk > lim) {
      if (kk < failLb) failLb = kk;
      break;
    }
    const k = CAND[j];
    const a = DEG[k] === 0 ? L : all(ply + 1, r - 1, nb, lim, C_ME_LO[k], C_ME_HI[k], C_OP_LO[k], C_OP_HI[k]);
    if (a <= lim) {
      best = a;
      lim = a - 1;
    } else if (a < failLb) failLb = a;
  }
  if (best === Infinity && failLb === Infinity) throw noCandidateError(ply, b);
  return best !== Infinity ? 1 + best : 1 + failLb;
}

/**
 * MptBranchAndBound.all: A_a(v) of the node at `ply` with remaining depth r ≥ 2 (which has children);
 * exact if ≤ budget, else a lower bound > budget.
 */
function all(
  ply: number,
  r: number,
  a: number,
  budget: number,
  ml: number,
  mh: number,
  ol: number,
  oh: number,
): number {
  expanded++;
  const n = expand(ply, ml, mh, ol, oh, false);
  const row = ply * ROW;
  if (r === 2) {
    // C_1(x) = 1 + L for an interior child, L for a terminal one.
    let s = 1;
    for (let k = row; k < row + n; k++) s += DEG[k] > 0 ? 1 + L : L;
    return s;
  }
  const lc = LC[r - 1];
  let rest = 0;
  for (let k = row; k < row + n; k++) rest += DEG[k] === 0 ? L : lc;
  let s = 1;
  if (s + rest > budget) return s + rest;
  const na = 0 - a;
  for (let k = row; k < row + n; k++) {
    const d = DEG[k];
    rest -= d === 0 ? L : lc;
    if (d === 0) {
      s += L;
      continue;
    }
    s += cut(ply + 1, r - 1, na, budget - s - rest, C_ME_LO[k], C_ME_HI[k], C_OP_LO[k], C_OP_HI[k]);
    if (s + rest > budget) return s + rest;
  }
  return s;
}

import { ExplicitGame } from '../game/explicit-game.ts';
import {
  minimumSetCover,
  randomSetCoverInstance,
  SET_COVER_LIMITS,
  type SetCoverInstance,
} from './set-cover-instance.ts';
import { SET_COVER_TARGET, setCoverGraph, setCoverProofSize } from './set-cover.ts';
import {
  minimumMinimaxProofGraph,
  minimumTargetProofGraph,
  EXACT_PROOF_GRAPH_LIMITS,
} from '../proof/exact-proof-graph.ts';
import { minimumProofTree } from '../proof/minimax-proof-tree.ts';
import { minimumTargetProofTree } from '../proof/target-proof-tree.ts';
import { validateMinimaxProof } from '../proof/validate-minimax-proof.ts';
import { validateTargetProof } from '../proof/validate-target-proof.ts';
import { alphaBeta } from '../search/alpha-beta.ts';
import { TranspositionTable } from '../search/transposition-table.ts';
import { NodeMarkingGame } from '../game/node-marking-game.ts';

export interface SetCoverStudyParams {
  /** instances per size */
  instances: number;
  /** (n elements, m sets) per size */
  sizes: { n: number; m: number }[];
  /** probability that a set contains an element */
  density: number;
  seed: number;
  /** branch-and-bound budget of the exact solver, per solve */
  budget?: number;
}

/** The default size ladder of the study. */
export const SET_COVER_STUDY_SIZES: readonly { n: number; m: number }[] = [
  { n: 6, m: 5 },
  { n: 10, m: 8 },
  { n: 15, m: 12 },
  { n: 20, m: 16 },
  { n: 30, m: 22 },
  { n: 40, m: 25 },
];

export interface SetCoverStudyRow {
  seed: number;
  n: number;
  m: number;
  kStar: number;
  /** exact minimum target proof graph (t = 1) of the target variant; claim 2 + n + k* */
  exactTarget: number;
  /** exact minimum minimax proof graph of the minimax variant; claim 4 + n + k* */
  exactMinimax: number;
  /** exact minimum minimax proof graph of the target variant (no dashed box) */
  exactMinimaxNoBox: number;
  unfoldedTargetSize: number;
  unfoldedTargetDistinct: number;
  unfoldedMinimaxDistinct: number;
  unfoldedMinimaxSize: number;
  /** alpha-beta + TT on the minimax variant: visits (counters.ts) and distinct nodes */
  alphaBetaTTVisited: number;
  alphaBetaTTDistinct: number;
  /** branch-and-bound nodes of the two exact solves */
  searchNodesTarget: number;
  searchNodesMinimax: number;
  targetClaim: boolean;
  minimaxClaim: boolean;
  /** both exact proofs pass the validators */
  proofsValid: boolean;
}

export interface SetCoverStudy {
  rows: SetCoverStudyRow[];
  checks: {
    instances: number;
    targetClaimHolds: number;
    minimaxClaimHolds: number;
    proofsValid: number;
    /** instances where the minimax minimum without the box differs from 2 + n + k* */
    noBoxDiffers: number;
    /** every claim held and every proof validated */
    allHold: boolean;
    /** seeds of instances where a claim failed (a finding) */
    failures: { seed: number; n: number; m: number; claim: 'target' | 'minimax'; exact: number; claimed: number }[];
  };
  /** ratios to the exact minimum (mean, min, max over instances) */
  summary: Record<string, { mean: number; min: number; max: number }>;
}

function checkSetCoverStudyParams(p: SetCoverStudyParams): void {
  if (!Number.isInteger(p.instances) || p.instances < 1 || p.instances > 10_000) {
    throw new RangeError(`instances = ${p.instances} is not allowed: it must be an integer in [1..10000]`);
  }
  if (!Array.isArray(p.sizes) || p.sizes.length === 0) throw new RangeError('sizes: give at least one (n, m) size');
  const maxN = EXACT_PROOF_GRAPH_LIMITS.maxNodes - 4 - SET_COVER_LIMITS.maxExactSets;
  for (const { n, m } of p.sizes) {
    if (!Number.isInteger(n) || n < 1 || n > maxN)
      throw new RangeError(
        `n = ${n} is not allowed: it must be an integer in [1..${maxN}] (the exact solver's node limit)`,
      );
    if (!Number.isInteger(m) || m < 1 || m > SET_COVER_LIMITS.maxExactSets) {
      throw new RangeError(
        `m = ${m} is not allowed: it must be an integer in [1..${SET_COVER_LIMITS.maxExactSets}] (the exact set-cover solver's limit)`,
      );
    }
  }
  if (!(p.density > 0 && p.density <= 1))
    throw new RangeError(`density = ${p.density} is not allowed: it must be a probability in (0, 1]`);
  if (!Number.isSafeInteger(p.seed) || !Number.isSafeInteger(p.seed + p.instances * p.sizes.length)) {
    throw new RangeError(`seed = ${p.seed} is not allowed: it must be a safe integer`);
  }
}

/** One instance: every measure of the row. */
export function setCoverStudyRow(inst: SetCoverInstance, seed: number, budget?: number): SetCoverStudyRow {
  const n = inst.universe,
    m = inst.sets.length;
  const kStar = minimumSetCover(inst).size;
  const limits = budget === undefined ? {} : { budget };
  const gT = setCoverGraph(inst, 'target');
  const gM = setCoverGraph(inst, 'minimax');
  const exT = minimumTargetProofGraph(gT, SET_COVER_TARGET, limits);
  if (!exT.proven)
    throw new Error(`set-cover study: internal error, the reduction graph has no target proof (${exT.reason})`);
  const exM = minimumMinimaxProofGraph(gM, limits);
  const exNoBox = minimumMinimaxProofGraph(gT, limits);
  const uT = minimumTargetProofTree(gT, SET_COVER_TARGET);
  if (!uT.proven) throw new Error('set-cover study: internal error, no target proof tree');
  const uM = minimumProofTree(gM);
  const game = new NodeMarkingGame(new ExplicitGame(gM));
  const ab = alphaBeta(game, game.maxPly, {
    tt: new TranspositionTable(Math.max(4, Math.ceil(Math.log2(gM.nodeCount)) + 1)),
  });
  if (ab.value !== exM.value)
    throw new Error(`set-cover study: internal error, alpha-beta value ${ab.value} ≠ ${exM.value}`);
  const proofsValid =
    validateTargetProof(gT, exT.nodes, SET_COVER_TARGET).valid && validateMinimaxProof(gM, exM.nodes).valid;
  return {
    seed,
    n,
    m,
    kStar,
    exactTarget: exT.size,
    exactMinimax: exM.size,
    exactMinimaxNoBox: exNoBox.size,
    unfoldedTargetSize: uT.size,
    unfoldedTargetDistinct: uT.distinct,
    unfoldedMinimaxDistinct: uM.distinct,
    unfoldedMinimaxSize: uM.size,
    alphaBetaTTVisited: ab.counters.visited,
    alphaBetaTTDistinct: game.count(),
    searchNodesTarget: exT.searchNodes,
    searchNodesMinimax: exM.searchNodes,
    targetClaim: exT.size === setCoverProofSize('target', n, kStar),
    minimaxClaim: exM.size === setCoverProofSize('minimax', n, kStar),
    proofsValid,
  };
}

export function setCoverStudy(p: SetCoverStudyParams, progress?: (done: number, total: number) => void): SetCoverStudy {
  checkSetCoverStudyParams(p);
  const rows: SetCoverStudyRow[] = [];
  const total = p.instances * p.sizes.length;
  let i = 0;
  for (const { n, m } of p.sizes) {
    for (let k = 0; k < p.instances; k++, i++) {
      const seed = p.seed + i;
      rows.push(
        setCoverStudyRow(randomSetCoverInstance({ universe: n, sets: m, density: p.density, seed }), seed, p.budget),
      );
      progress?.(i + 1, total);
    }
  }
  const failures: SetCoverStudy['checks']['failures'] = [];
  for (const r of rows) {
    if (!r.targetClaim)
      failures.push({
        seed: r.seed,
        n: r.n,
        m: r.m,
        claim: 'target',
        exact: r.exactTarget,
        claimed: setCoverProofSize('target', r.n, r.kStar),
      });
    if (!r.minimaxClaim)
      failures.push({
        seed: r.seed,
        n: r.n,
        m: r.m,
        claim: 'minimax',
        exact: r.exactMinimax,
        claimed: setCoverProofSize('minimax', r.n, r.kStar),
      });
  }
  const count = (f: (r: SetCoverStudyRow) => boolean) => rows.filter(f).length;
  const checks = {
    instances: rows.length,
    targetClaimHolds: count((r) => r.targetClaim),
    minimaxClaimHolds: count((r) => r.minimaxClaim),
    proofsValid: count((r) => r.proofsValid),
    noBoxDiffers: count((r) => r.exactMinimaxNoBox !== 2 + r.n + r.kStar),
    allHold: rows.every((r) => r.targetClaim && r.minimaxClaim && r.proofsValid),
    failures,
  };
  const stat = (f: (r: SetCoverStudyRow) => number) => {
    const xs = rows.map(f);
    return { mean: xs.reduce((a, b) => a + b, 0) / xs.length, min: Math.min(...xs), max: Math.max(...xs) };
  };
  const summary = {
    unfoldedTargetSizeOverExact: stat((r) => r.unfoldedTargetSize / r.exactTarget),
    unfoldedTargetDistinctOverExact: stat((r) => r.unfoldedTargetDistinct / r.exactTarget),
    unfoldedMinimaxDistinctOverExact: stat((r) => r.unfoldedMinimaxDistinct / r.exactMinimax),
    unfoldedMinimaxSizeOverExact: stat((r) => r.unfoldedMinimaxSize / r.exactMinimax),
    alphaBetaTTVisitedOverExact: stat((r) => r.alphaBetaTTVisited / r.exactMinimax),
    alphaBetaTTDistinctOverExact: stat((r) => r.alphaBetaTTDistinct / r.exactMinimax),
  };
  return { rows, checks, summary };
}

import { describe, expect, it } from 'vitest';
import { checkGraph, solveGraph, type Graph } from '../../shared/game/graph.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import {
  SET_COVER_TARGET,
  setCoverGraph,
  setCoverLayout,
  setCoverProofSize,
} from '../../shared/set-cover/set-cover.ts';
import {
  minimumSetCover,
  randomSetCoverInstance,
  type SetCoverInstance,
} from '../../shared/set-cover/set-cover-instance.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import { validateTargetProof } from '../../shared/proof/validate-target-proof.ts';
import { bruteForceMinCover } from '../models/helpers.ts';

const kids = (g: Graph, v: number) => Array.from(g.children.subarray(g.childOffsets[v], g.childOffsets[v + 1]));

/**
 * Direct check of Sec. 2.1 (independent of shared/proof): H (a bitmask over node ids) is a valid
 * target proof graph for t iff v0 ∈ H, every white (player 0) interior node in H has a child in H,
 * every black node in H has all children in H, and f^(H)(v0) ≥ t.
 */
function isTargetProof(g: Graph, mask: number, t: number): boolean {
  const inH = (v: number) => ((mask >> v) & 1) === 1;
  if (!inH(g.root)) return false;
  for (let v = 0; v < g.nodeCount; v++) {
    if (!inH(v)) continue;
    const c = kids(g, v);
    if (c.length === 0) continue;
    if (g.player[v] === 0 ? !c.some(inH) : !c.every(inH)) return false;
  }
  const fH = (v: number): number => {
    const c = kids(g, v).filter(inH);
    if (kids(g, v).length === 0) return g.value[v];
    return Math.max(...c.map((w) => -fH(w)));
  };
  return fH(g.root) >= t;
}

/**
 * Direct check of Sec. 2.2 (independent of shared/proof): μ^(H)_(α,β)(v) with the children tried in
 * every order (a DFS over the set of children still to examine, memoised on it and α). Child σ_j is
 * searched with (−β, −α_{j−1}), where α_j = max(α_{j−1}, f_v(σ_j)) with true values f; once β ≤ α the
 * rest are cut. H is a valid minimax proof graph iff μ_(−∞,∞)(v0).
 */
function isMinimaxProof(g: Graph, mask: number): boolean {
  const f = solveGraph(g);
  const inH = (v: number) => ((mask >> v) & 1) === 1;
  const mu = (v: number, alpha: number, beta: number): boolean => {
    if (!inH(v)) return false;
    const c = kids(g, v);
    if (c.length === 0) return true;
    const memo = new Map<string, boolean>();
    const rest = (left: number, a: number): boolean => {
      if (left === 0 || beta <= a) return true;
      const key = `${left}:${a}`;
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      let ok = false;
      for (let j = 0; j < c.length && !ok; j++) {
        if (!((left >> j) & 1)) continue;
        const w = c[j];
        ok = mu(w, -beta, -a) && rest(left & ~(1 << j), Math.max(a, -f[w]));
      }
      memo.set(key, ok);
      return ok;
    };
    return rest((1 << c.length) - 1, alpha);
  };
  return mu(g.root, -Infinity, Infinity);
}

const members = (mask: number, n: number) =>
  Array.from({ length: n }, (_, v) => v).filter((v) => ((mask >> v) & 1) === 1);
const popcount = (x: number) => {
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
};

/** Smallest |H| over all 2^N node subsets accepted by `valid`, and the number of minimum ones. */
function bruteForceMin(g: Graph, valid: (mask: number) => boolean): { size: number; count: number } {
  let size = Infinity,
    count = 0;
  for (let mask = 0; mask < 1 << g.nodeCount; mask++) {
    const s = popcount(mask);
    if (s > size || !valid(mask)) continue;
    if (s < size) {
      size = s;
      count = 0;
    }
    count++;
  }
  return { size, count };
}

/** Random instances with 1..4 elements and 1..4 sets (so at most 12 nodes, 4096 subsets). */
function tinyInstances(count: number): SetCoverInstance[] {
  const out: SetCoverInstance[] = [];
  for (let seed = 0; seed < count; seed++) {
    out.push(
      randomSetCoverInstance({
        universe: 1 + (seed % 4),
        sets: 1 + (Math.floor(seed / 4) % 4),
        density: [0.3, 0.5, 0.7][seed % 3],
        seed,
      }),
    );
  }
  return out;
}

describe('set-cover reduction: graph structure', () => {
  // X = {x0, x1, x2}; S0 = {x0, x1}, S1 = {x1, x2}, S2 = {x2}.
  const inst: SetCoverInstance = { universe: 3, sets: [[0, 1], [1, 2], [2]] };

  it('target variant: t → u → v_i → w_j iff x_i ∈ S_j; white +1, black −1; consistent negamax values', () => {
    const g = setCoverGraph(inst, 'target');
    checkGraph(g);
    expect(g.kind).toBe('dag');
    expect(g.nodeCount).toBe(2 + 3 + 3);
    expect(kids(g, 0)).toEqual([1]);
    expect(kids(g, 1)).toEqual([2, 3, 4]);
    expect(kids(g, 2)).toEqual([5]); // x0 ∈ S0
    expect(kids(g, 3)).toEqual([5, 6]); // x1 ∈ S0, S1
    expect(kids(g, 4)).toEqual([6, 7]); // x2 ∈ S1, S2
    for (const w of [5, 6, 7]) expect(kids(g, w)).toEqual([]);
    expect(Array.from(g.player)).toEqual([0, 1, 0, 0, 0, 1, 1, 1]);
    expect(Array.from(g.value)).toEqual([1, -1, 1, 1, 1, -1, -1, -1]);
    // solveGraph from the leaves alone reproduces every given value: white wins everywhere.
    const leavesOnly = { ...g, value: g.value.map((x, v) => (kids(g, v).length ? NaN : x)) };
    expect(Array.from(solveGraph(leavesOnly))).toEqual(Array.from(g.value));
    expect(alphaBeta(new ExplicitGame(g), 3).value).toBe(1);
    const L = setCoverLayout(3, 3, 'target');
    expect([L.root, L.dummy, L.element(2), L.set(0), L.extraElement, L.extraSet, L.nodeCount]).toEqual([
      0, 1, 4, 5, -1, -1, 8,
    ]);
    expect(g.meta.model).toBe('set-cover');
  });

  it('minimax variant: adds x* (first child of u) with the single black leaf S*', () => {
    const g = setCoverGraph(inst, 'minimax');
    checkGraph(g);
    const L = setCoverLayout(3, 3, 'minimax');
    expect([L.extraElement, L.extraSet, g.nodeCount]).toEqual([8, 9, 10]);
    expect(kids(g, 1)).toEqual([8, 2, 3, 4]);
    expect(kids(g, 8)).toEqual([9]);
    expect([g.player[8], g.player[9], g.value[8], g.value[9]]).toEqual([0, 1, 1, -1]);
    expect(solveGraph(g)[0]).toBe(1);
  });

  it('rejects invalid instances and variants', () => {
    expect(() => setCoverGraph({ universe: 2, sets: [[0]] })).toThrow(/sets: element 1 is in no set/);
    expect(() => setCoverGraph(inst, 'other' as 'target')).toThrow(/variant = other/);
  });
});

describe('set-cover reduction: minimum proof graph sizes (brute force over all node subsets)', () => {
  const instances = tinyInstances(48);

  it('the exact cover solver agrees with brute force on these instances', () => {
    for (const inst of instances) expect(minimumSetCover(inst).size).toBe(bruteForceMinCover(inst));
  });

  it('Claim 1: minimum target proof graph (t = 1) has 2 + n + k* nodes', () => {
    for (const inst of instances) {
      const g = setCoverGraph(inst, 'target');
      const k = bruteForceMinCover(inst);
      const direct = bruteForceMin(g, (mask) => isTargetProof(g, mask, SET_COVER_TARGET));
      expect(direct.size, JSON.stringify(inst)).toBe(setCoverProofSize('target', inst.universe, k));
      expect(direct.size).toBe(2 + inst.universe + k);
      // The shared validator agrees with the direct check on every subset.
      for (let mask = 0; mask < 1 << g.nodeCount; mask++) {
        expect(validateTargetProof(g, members(mask, g.nodeCount), SET_COVER_TARGET).valid).toBe(
          isTargetProof(g, mask, SET_COVER_TARGET),
        );
      }
    }
  });

  it('Claim 2: minimum minimax proof graph of the minimax variant has 2 + n + k* + 2 nodes, always containing x* and S*', () => {
    for (const inst of instances) {
      const g = setCoverGraph(inst, 'minimax');
      const L = setCoverLayout(inst.universe, inst.sets.length, 'minimax');
      const k = bruteForceMinCover(inst);
      let min = Infinity;
      for (let mask = 0; mask < 1 << g.nodeCount; mask++) {
        if (!isMinimaxProof(g, mask)) continue;
        // "the new vertices must necessarily be included in any proof subgraph"
        expect((mask >> L.extraElement) & 1).toBe(1);
        expect((mask >> L.extraSet) & 1).toBe(1);
        min = Math.min(min, popcount(mask));
      }
      expect(min, JSON.stringify(inst)).toBe(setCoverProofSize('minimax', inst.universe, k));
      expect(min).toBe(4 + inst.universe + k);
      // The shared linear-time validator agrees with the direct check on every subset.
      for (let mask = 0; mask < 1 << g.nodeCount; mask++) {
        const r = validateMinimaxProof(g, members(mask, g.nodeCount));
        expect(r.valid, `H = {${members(mask, g.nodeCount)}} of ${JSON.stringify(inst)}`).toBe(isMinimaxProof(g, mask));
        if (r.valid) expect(r.value).toBe(1);
      }
      // Its target proof minimum is the same: the extra element needs the extra set.
      expect(bruteForceMin(g, (mask) => isTargetProof(g, mask, SET_COVER_TARGET)).size).toBe(min);
    }
  });

  it('without the dashed box the minimax claim fails: the minimum is 2 + n + min_a (cover containing every set of x_a)', () => {
    // The header's argument: the first element u examines is searched with (−∞, ∞) and needs all its sets.
    const forced = (inst: SetCoverInstance) => {
      const m = inst.sets.length;
      let best = Infinity;
      for (let a = 0; a < inst.universe; a++) {
        for (let mask = 0; mask < 1 << m; mask++) {
          const chosen = inst.sets.filter((_, j) => (mask >> j) & 1);
          const hasAll = inst.sets.every((s, j) => !s.includes(a) || (mask >> j) & 1);
          if (hasAll && new Set(chosen.flat()).size === inst.universe) best = Math.min(best, chosen.length);
        }
      }
      return best;
    };
    let differs = 0;
    for (const inst of instances) {
      const g = setCoverGraph(inst, 'target');
      const min = bruteForceMin(g, (mask) => isMinimaxProof(g, mask)).size;
      expect(min).toBe(2 + inst.universe + forced(inst));
      if (min !== 2 + inst.universe + bruteForceMinCover(inst)) differs++;
    }
    // Hand instance where it differs: S0 = {x0, x1} covers, but every element also lies in a second set.
    const hand: SetCoverInstance = { universe: 2, sets: [[0, 1], [0], [1]] };
    const g = setCoverGraph(hand, 'target');
    expect(bruteForceMin(g, (mask) => isMinimaxProof(g, mask)).size).toBe(2 + 2 + 2);
    expect(bruteForceMinCover(hand)).toBe(1);
    expect(differs).toBeGreaterThan(0);
  });
});

/**
 * The conformance suite every Game must pass (the contract of shared/game/game.ts), as one
 * `describeGame(name, make, expectations)` call per game:
 * - cursor round-trips: descend(i) + ascend() returns to the same node (ply, keys, node id);
 * - child rows stable under descent: searching a child's subtree leaves the parent's row (estimates,
 *   degrees, child values) as it was, and re-expanding gives the same row;
 * - determinism from (seed, path): two instances with the same seed are the same tree, and every node
 *   is the same whichever order the tree is walked in (a subtree does not depend on its siblings);
 * - exactValue() is the negamax value of the leaves wherever the model knows it (NaN otherwise), and
 *   evaluate() returns it where it is known;
 * - estimates and degrees consistent: childDegree(i) = expand() after descend(i), the bulk
 *   childEstimates = childEstimate per child, childValue(i) = evaluate() after descend(i);
 * - with horizon 'estimate' (game/game.ts Horizon): evaluate() at a non-terminal node after descend(i) is
 *   −childEstimate(i), and stays exact at terminal nodes.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../shared/game/game.ts';
import { materialize } from '../../shared/game/materialize.ts';
import type { Graph } from '../../shared/game/graph.ts';
import { solveFromLeaves } from '../models/helpers.ts';
import type { GameUnderTest } from './models-under-test.ts';

const META = { model: 'conformance', params: {}, seed: null, generator: 'test' };

/** Fails with `what` unless a and b are the same number (NaN equals NaN). */
function same(a: number, b: number, what: string): void {
  if (!(a === b || (Number.isNaN(a) && Number.isNaN(b)))) expect.fail(`${what}: ${a} ≠ ${b}`);
}

/** The result of `f`, or 'throws' (uniform trees refuse evaluate() inside). */
function attempt(f: () => number): number | 'throws' {
  try {
    return f();
  } catch {
    return 'throws';
  }
}

/**
 * Walk the tree depth-first to `depth` in natural (or reverse) child order; `visit` sees the cursor at
 * every node with the path from the root and its child count (0 at the horizon, without expanding).
 */
function walk(game: Game, depth: number, visit: (path: string, n: number) => void, reverse = false): void {
  game.reset();
  const rec = (path: string, d: number) => {
    const n = d === 0 ? 0 : game.expand();
    visit(path, n);
    for (let k = 0; k < n; k++) {
      const i = reverse ? n - 1 - k : k;
      game.descend(i);
      rec(path === '' ? String(i) : `${path}.${i}`, d - 1);
      game.ascend();
    }
  };
  rec('', depth);
}

/** Each node by its path ("0.2.1"): evaluate() at the horizon, exactValue() inside, degree and keys. */
function recordByPath(game: Game, depth: number, reverse = false): Map<string, string> {
  const out = new Map<string, string>();
  walk(
    game,
    depth,
    (path, n) => {
      const value = n === 0 ? attempt(() => game.evaluate()) : game.exactValue();
      out.set(path, `${value} ${n} ${game.ply} ${game.keyHi()}:${game.keyLo()} ${game.nodeId()}`);
    },
    reverse,
  );
  return out;
}

/** The current node's child row as the search sees it: estimates, degrees, child values. */
function childRow(game: Game, n: number): string {
  const out: (number | string)[] = [];
  for (let i = 0; i < n; i++) {
    out.push(game.childEstimate(i), game.childDegree(i));
    if (game.childValue) out.push(attempt(() => game.childValue!(i)));
  }
  return out.join(' ');
}

function sameGraph(a: Graph, b: Graph): void {
  expect(b.nodeCount).toBe(a.nodeCount);
  expect(Array.from(b.value)).toEqual(Array.from(a.value));
  expect(Array.from(b.player)).toEqual(Array.from(a.player));
  expect(Array.from(b.childOffsets)).toEqual(Array.from(a.childOffsets));
  expect(Array.from(b.children)).toEqual(Array.from(a.children));
  expect(b.estimate && Array.from(b.estimate)).toEqual(a.estimate && Array.from(a.estimate));
}

export type GameExpectations = Omit<GameUnderTest, 'name' | 'make'>;

export function describeGame(name: string, make: (seed: number, tree: number) => Game, x: GameExpectations): void {
  const depthOf = (g: Game) => x.depth ?? g.maxPly;

  describe(`Game conformance: ${name}`, () => {
    it.each(x.instances)('cursor round-trips and child rows stable under descent (seed %i, tree %i)', (seed, tree) => {
      const g = make(seed, tree);
      const depth = depthOf(g);
      expect(depth).toBeLessThanOrEqual(g.maxPly);
      g.reset();
      expect(g.ply).toBe(0);
      const rec = (d: number) => {
        const ply = g.ply,
          hi = g.keyHi(),
          lo = g.keyLo(),
          id = g.nodeId();
        if (d === 0) return;
        const n = g.expand();
        if (n > g.maxChildren) expect.fail(`${n} children > maxChildren ${g.maxChildren}`);
        const row = childRow(g, n);
        for (let i = 0; i < n; i++) {
          g.descend(i);
          same(g.ply, ply + 1, 'ply after descend');
          rec(d - 1);
          g.ascend();
          same(g.ply, ply, 'ply after ascend');
          same(g.keyHi(), hi, 'keyHi after descend/ascend');
          same(g.keyLo(), lo, 'keyLo after descend/ascend');
          same(g.nodeId(), id, 'nodeId after descend/ascend');
          const now = childRow(g, n);
          if (now !== row) expect.fail(`child row at ply ${ply} changed after searching child ${i}: ${row} → ${now}`);
        }
        same(g.expand(), n, 'expand() again');
        expect(childRow(g, n)).toBe(row);
      };
      rec(depth);
      expect(g.ply).toBe(0);
    });

    it.each(x.instances)('same seed ⇒ same tree, in any visiting order (seed %i, tree %i)', (seed, tree) => {
      const depth = depthOf(make(seed, tree));
      const a = materialize(make(seed, tree), depth, META);
      sameGraph(a, materialize(make(seed, tree), depth, META));
      const fwd = recordByPath(make(seed, tree), depth);
      const rev = recordByPath(make(seed, tree), depth, true);
      expect(new Map([...rev].sort())).toEqual(new Map([...fwd].sort()));
    });

    if (x.differs) {
      const d = x.differs;
      const [seed, tree] = x.instances[0];
      it(`a different seed or tree ⇒ a different tree (${d.rule} of seeds ${d.seeds}, trees ${d.trees})`, () => {
        const values = (s: number, t: number) => {
          const g = make(s, t);
          return Array.from(materialize(g, depthOf(g), META).value).join();
        };
        const a = values(seed, tree);
        const differs = [...d.seeds.map((s) => values(s, tree) !== a), ...d.trees.map((t) => values(seed, t) !== a)];
        if (d.rule === 'each') expect(differs.every(Boolean)).toBe(true);
        else {
          expect(differs.slice(0, d.seeds.length).some(Boolean)).toBe(true);
          expect(differs.slice(d.seeds.length).some(Boolean)).toBe(true);
        }
      });
    }

    it.each(x.instances)(
      'exactValue() = negamax of the leaves where known, NaN otherwise; evaluate() agrees (seed %i, tree %i)',
      (seed, tree) => {
        const g = make(seed, tree);
        const depth = depthOf(g);
        const m = materialize(make(seed, tree), depth, META);
        const solved = solveFromLeaves(m);
        let k = 0,
          known = 0,
          interior = 0;
        walk(g, depth, (path, n) => {
          const v = k++;
          const x0 = g.exactValue();
          if (n > 0) {
            interior++;
            if (x.interior === 'exact' && Number.isNaN(x0)) expect.fail(`exactValue() is NaN inside at ${path}`);
            if (x.interior === 'unknown' && !Number.isNaN(x0))
              expect.fail(`exactValue() = ${x0} inside at ${path}: expected NaN`);
            if (!Number.isNaN(x0) && x.leavesExact !== false)
              same(x0, solved[v], `exactValue() vs negamax of the leaves at ${path}`);
          } else if (g.expand() === 0) {
            same(x0, m.value[v], `exactValue() vs evaluate() at the terminal node ${path}`);
          }
          if (!Number.isNaN(x0)) {
            known++;
            // With horizon 'estimate' a non-terminal node evaluates to its estimate (checked below).
            if (x.horizon !== 'estimate' || g.expand() === 0)
              same(g.evaluate(), x0, `evaluate() where exactValue() is known, at ${path}`);
          }
        });
        expect(k).toBe(m.nodeCount);
        expect(known).toBeGreaterThanOrEqual(x.interior === 'exact' ? interior : 0);
      },
    );

    it.each(x.instances)(
      'childDegree, childEstimates and childValue agree with descending (seed %i, tree %i)',
      (seed, tree) => {
        const g = make(seed, tree);
        const OFF = 3;
        const bulk = new Float64Array(OFF + g.maxChildren);
        walk(g, depthOf(g), (path, n) => {
          if (n === 0) return;
          if (g.childEstimates) g.childEstimates(bulk, OFF, n);
          for (let i = 0; i < n; i++) {
            const deg = g.childDegree(i);
            const est = g.childEstimate(i);
            if (g.childEstimates) same(bulk[OFF + i], est, `childEstimates()[${i}] vs childEstimate(${i}) at ${path}`);
            const cv = g.childValue ? attempt(() => g.childValue!(i)) : null;
            g.descend(i);
            const ev = attempt(() => g.evaluate());
            const terminal = g.expand() === 0;
            same(g.expand(), deg, `childDegree(${i}) vs expand() after descend at ${path}`);
            if (x.horizon === 'estimate' && !terminal)
              same(ev as number, -est + 0, `evaluate() after descend(${i}) vs −childEstimate(${i}) at ${path}`);
            g.ascend();
            if (cv !== null && cv !== ev && !(Number.isNaN(cv) && Number.isNaN(ev)))
              expect.fail(`childValue(${i}) = ${cv}, evaluate() after descend = ${ev} at ${path}`);
          }
        });
      },
    );
  });
}

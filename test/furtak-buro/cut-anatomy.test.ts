/**
 * The classing of a search's calls (shared/furtak-buro/cut-anatomy.ts) against an alpha-beta written out
 * here that classes its own calls, and as properties of every series a Figure 4 run searches: each call is
 * classed once, each non-root call is the child of one, and the stored move comes first only when the
 * table's move has priority.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { cutAnatomy, emptyAnatomy, CUT_POSITIONS, type CutAnatomy } from '../../shared/furtak-buro/cut-anatomy.ts';
import { parseSpec } from '../../shared/experiments/spec.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { makeGame } from '../../shared/models/registry.ts';
import type { Game } from '../../shared/game/game.ts';

/** Fail-soft negamax alpha-beta in natural order, classing each call as cutAnatomy does. */
function reference(g: Game, depth: number): CutAnatomy {
  const a = emptyAnatomy();
  const search = (d: number, alpha: number, beta: number): number => {
    a.visited++;
    const n = d === 0 ? 0 : g.expand();
    if (n === 0) {
      a.closed++;
      return g.evaluate();
    }
    let best = -Infinity;
    let k = 0;
    for (let i = 0; i < n; i++) {
      k++;
      g.descend(i);
      const v = -search(d - 1, -beta, -Math.max(alpha, best));
      g.ascend();
      if (v > best) best = v;
      if (best >= beta) break;
    }
    if (best >= beta) {
      a.cutAt[Math.min(k, CUT_POSITIONS) - 1]++;
      a.cutChildren += k;
    } else if (best <= alpha) {
      a.failLow++;
      a.failLowChildren += k;
    } else {
      a.exact++;
      a.exactChildren += k;
    }
    return best;
  };
  a.tests = 1;
  search(depth, -Infinity, Infinity);
  return a;
}

const fig4 = presetSpec('furtak-buro-fig4', { trees: 1, depth: 5 });

describe('cut anatomy', () => {
  test('alpha-beta in natural order: the same classes as an alpha-beta that counts its own', () => {
    const spec = parseSpec({ ...fig4, iterative: false, series: [{ algorithm: 'alphabeta', ordering: 'natural' }] });
    for (let t = 0; t < 6; t++) {
      const got = cutAnatomy(spec, spec.series[0], makeGame(spec.model, 5, 7, t), 5);
      expect(got).toEqual(reference(makeGame(spec.model, 5, 7, t), 5));
      expect(got.cutAt[0]).toBeGreaterThan(0);
    }
  });

  test('every call classed once, every non-root call a child of one; the stored move first only when it has priority', () => {
    fc.assert(
      fc.property(
        fc.nat(30),
        fc.constantFrom(...fig4.series),
        fc.constantFrom('first', 'ordered'),
        fc.constantFrom('random', 'estimate'),
        fc.integer({ min: 2, max: 5 }),
        (t, s, ttMove, unexpanded, depth) => {
          const spec = parseSpec({ ...fig4, depth, ttMove, unexpanded });
          const a = cutAnatomy(spec, s, makeGame(spec.model, depth, 3, t), depth);
          const cuts = a.cutAt.reduce((x, y) => x + y, 0);
          expect(a.closed + cuts + a.failLow + a.exact).toBe(a.visited);
          expect(a.cutChildren + a.failLowChildren + a.exactChildren).toBe(a.visited - a.tests);
          expect(a.storedCut).toBeLessThanOrEqual(Math.min(a.storedFirst, a.cutAt[0]));
          expect(a.storedFirst).toBeLessThanOrEqual(cuts);
          if (ttMove === 'ordered' || s.algorithm !== 'mtdf') expect(a.storedFirst).toBe(0);
          if (s.algorithm !== 'mtdf')
            expect(a.tests).toBe(depth); // one root call per pass
          else expect(a.tests).toBeGreaterThan(depth);
        },
      ),
      { numRuns: 60 },
    );
  });

  test('MTD(f) with the stored move first: the table supplies the first child of some cuts, and it cuts', () => {
    const spec = parseSpec({ ...fig4, depth: 6, ttMove: 'first' });
    const s = spec.series.find((x) => x.algorithm === 'mtdf')!;
    const a = cutAnatomy(spec, s, makeGame(spec.model, 6, 3, 0), 6);
    expect(a.storedFirst).toBeGreaterThan(0);
    expect(a.storedCut).toBeGreaterThan(0);
  });
});

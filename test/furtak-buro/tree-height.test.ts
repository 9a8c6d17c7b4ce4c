/**
 * Trees taller than the search (spec.height > depth; Furtak & Buro 2009, Sec. 7-8): a prefix value tree's
 * nodes down to the search depth do not depend on its height, so every height above the depth gives the same
 * result lines, counts and denominators; only height = depth differs, where the last pass reaches terminal
 * nodes and scores them exactly. This is why the reading matrix has two heights and its height curve is flat
 * beyond the depth.
 */
import { describe, expect, test } from 'vitest';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { parseSpec } from '../../shared/experiments/spec.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';

async function lines(height: number, ttMove: 'first' | 'ordered', unexpanded: 'random' | 'estimate') {
  const spec = parseSpec({
    ...presetSpec('furtak-buro-fig4-paper', { trees: 3, depth: 4 }),
    height,
    ttMove,
    unexpanded,
  });
  const out: ResultLine[] = [];
  for (let t = 0; t < 3; t++) await runTree(spec, t, (l) => out.push(l));
  return out;
}

describe('tree height', () => {
  test.each([
    ['first', 'random'],
    ['ordered', 'estimate'],
  ] as const)(
    'stored move %s, never-searched children %s: heights 5, 7 and 30 give the same lines; height 4 does not',
    async (ttMove, unexpanded) => {
      const five = await lines(5, ttMove, unexpanded);
      expect(await lines(7, ttMove, unexpanded)).toEqual(five);
      expect(await lines(30, ttMove, unexpanded)).toEqual(five);
      const four = await lines(4, ttMove, unexpanded);
      // Passes 1-3 never reach a terminal node in either tree; the depth-4 pass does only in the tree of height 4.
      expect(four.filter((l) => l.depth < 4)).toEqual(five.filter((l) => l.depth < 4));
      expect(four.filter((l) => l.depth === 4)).not.toEqual(five.filter((l) => l.depth === 4));
    },
  );
});

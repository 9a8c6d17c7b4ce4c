/**
 * The solve mode (shared/othello/endgame-solver.ts through solveOthello's `endgame` switches): every
 * switch on and off keeps the exact score. FForum problems 1-19 (14-16 empties) get the file's score and
 * a move the file lists with that score, with every part on, every part off, each part alone off and
 * each part alone on; random endgames of at most 9 empties agree with brute-force negamax
 * (./reference.ts) under random switches, strong and weak, for each of the mode's searches. Stability
 * cutoffs are seen to cut (fewer nodes with them) in the shallow and the deep search.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ENDGAME_OFF, ENDGAME_ON, type EndgameSwitches } from '../../shared/othello/endgame-solver.ts';
import { OthelloGame, PASS } from '../../shared/othello/othello-game.ts';
import { parseObfFile } from '../../shared/othello/position.ts';
import { solveOthello } from '../../shared/othello/solver.ts';
import { SearchLimitError } from '../../shared/search/search-context.ts';
import { mulberry32 } from '../helpers/mulberry32.ts';
import { cellsOf, naiveNegamax, naivePlay, randomPlayout } from './reference.ts';

const DATA = new URL('./data/', import.meta.url);

/** The part names and the value each takes when on (the shallow search: ENDGAME_ON's depth). */
const PARTS = ['shallow', 'etc', 'twoSlot', 'ttMove', 'stability'] as const;

function settings(): [string, EndgameSwitches][] {
  const out: [string, EndgameSwitches][] = [
    ['every part on', ENDGAME_ON],
    ['every part off', ENDGAME_OFF],
  ];
  for (const k of PARTS) {
    out.push([`${k} alone off`, { ...ENDGAME_ON, [k]: ENDGAME_OFF[k] }]);
    out.push([`${k} alone on`, { ...ENDGAME_OFF, [k]: ENDGAME_ON[k] }]);
  }
  return out;
}

describe('FForum problems 1-19 in the solve mode', () => {
  const problems = parseObfFile(readFileSync(new URL('fforum-1-19.obf', DATA), 'utf8'), 'fforum-1-19.obf');
  const algorithms = ['mtdf', 'alphabeta', 'negascout'] as const;
  test.each(settings())("%s: the file's score and a listed best move on every problem", (_name, endgame) => {
    problems.forEach((p, k) => {
      const algorithm = algorithms[k % algorithms.length];
      const r = solveOthello(p.position, { algorithm, endgame });
      const best = p.moves[0].score;
      const what = `problem ${k + 1} ${algorithm}`;
      expect(r.score, what).toBe(best);
      expect(
        p.moves.filter((m) => m.score === best).map((m) => m.square),
        what,
      ).toContain(r.bestMove);
      expect(r.endgame).toEqual(endgame);
    });
  });
});

describe('stability cutoffs', () => {
  const problems = parseObfFile(readFileSync(new URL('fforum-1-19.obf', DATA), 'utf8'), 'fforum-1-19.obf');
  test.each([
    ['in the shallow search', ENDGAME_ON],
    ['in the deep search (shallow off)', { ...ENDGAME_ON, shallow: 0 }],
  ])('%s: fewer nodes on FForum 1-19 than without them, the same scores', (_name, on) => {
    let withCuts = 0,
      without = 0;
    for (const p of problems) {
      const a = solveOthello(p.position, { endgame: on });
      const b = solveOthello(p.position, { endgame: { ...on, stability: false } });
      expect(a.score).toBe(b.score);
      withCuts += a.nodes;
      without += b.nodes;
    }
    expect(withCuts).toBeLessThan(without * 0.95);
  });
});

describe('the solve mode against brute-force negamax', () => {
  test('random switches, strong and weak, mtdf, alpha-beta and NegaScout on at most 9 empties', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 51, max: 58 }),
        fc.record({
          shallow: fc.integer({ min: 0, max: 12 }),
          etc: fc.boolean(),
          twoSlot: fc.boolean(),
          ttMove: fc.boolean(),
          stability: fc.boolean(),
        }),
        fc.constantFrom('mtdf' as const, 'alphabeta' as const, 'negascout' as const),
        (seed, plies, endgame, algorithm) => {
          const r = mulberry32(seed);
          const p = randomPlayout(plies, (n) => Math.floor(r() * n));
          fc.pre(p.empties <= 9);
          const cells = cellsOf(p);
          const exact = naiveNegamax(cells);
          const what = `${p.toString()} ${algorithm} ${JSON.stringify(endgame)}`;
          const moveValue = (move: number) => 0 - naiveNegamax(naivePlay(cells, move === PASS ? -1 : move));
          const s = solveOthello(p, { algorithm, endgame });
          expect(s.score, what).toBe(exact);
          if (s.bestMove < 0) expect(new OthelloGame(p).expand(), what).toBe(0);
          else expect(moveValue(s.bestMove), `${what} best move ${s.bestMoveName}`).toBe(exact);
          const w = solveOthello(p, { algorithm, endgame, weak: true });
          expect(w.score, `${what} weak`).toBe(Math.sign(exact));
          if (exact >= 0 && w.bestMove >= 0)
            expect(Math.sign(moveValue(w.bestMove)), `${what} weak best move`).toBe(Math.sign(exact));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('the solve mode refuses what it does not run', () => {
  const p = randomPlayout(44, (n) => n >> 1);
  test('other searches, other orderings, a shallow depth out of range; the node limit holds', () => {
    expect(() => solveOthello(p, { algorithm: 'sss', endgame: ENDGAME_ON })).toThrow(/runs mtdf, alphabeta, negascout/);
    expect(() => solveOthello(p, { ordering: 'natural', endgame: ENDGAME_ON })).toThrow(/orders fastest-first/);
    expect(() => solveOthello(p, { endgame: { ...ENDGAME_ON, shallow: 13 } })).toThrow(/integer in \[0\.\.12\]/);
    expect(() => solveOthello(p, { endgame: ENDGAME_ON, maxNodes: 100 })).toThrow(SearchLimitError);
  });
});

/**
 * The solve mode (shared/othello/endgame-solver.ts through solveOthello's `endgame` switches): every
 * switch on and off keeps the exact score. FForum problems 1-19 (14-16 empties) get the file's score and
 * a move the file lists with that score, with every part on, every part off, each part alone off and
 * each part alone on; random endgames of at most 9 empties agree with brute-force negamax
 * (./reference.ts) under random switches, strong and weak, for each of the mode's searches. The shallow
 * search alone (its last two empties written out) against negamax on random boards and game ends of 0-4
 * empties with random windows (fail-soft bounds); its parity order's odd quadrants against counting.
 * Stability cutoffs are seen to cut (fewer nodes with them) in the shallow and the deep search. The visit
 * count: the limit stops a solve at the visit past it, and the progress ticks come every PROGRESS_TICK visits;
 * a solve stopped there (by the limit or a tick that throws) leaves nothing behind for the next.
 * A score of +64 (FFO #59) ends MTD(f) at the range's end, without a test above it.
 *
 * All of it twice: with the shallow search in WebAssembly (shared/othello/shallow-kernel.wat, where it runs
 * here) and in TypeScript (the kernel switched off, as on a host without WebAssembly). The kernel against
 * the TypeScript search alone: the same value and nodes on random boards, game ends and FForum problems
 * played down (0-10 empties), random windows and switches.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import {
  ENDGAME_OFF,
  ENDGAME_ON,
  type EndgameSwitches,
  oddQuadrants,
  shallowSearch,
  solveEndgame,
} from '../../shared/othello/endgame-solver.ts';
import { OthelloGame, PASS } from '../../shared/othello/othello-game.ts';
import { OthelloPosition, parseObfFile } from '../../shared/othello/position.ts';
import { solveOthello } from '../../shared/othello/solver.ts';
import { SearchLimitError } from '../../shared/search/search-context.ts';
import { mulberry32 } from '../helpers/mulberry32.ts';
import { PROGRESS_TICK } from '../../shared/util/progress-pace.ts';
import { type Cells, cellsOf, naiveNegamax, naivePlay, positionOf, randomPlayout } from './reference.ts';
import { playedDown } from './played-down.ts';
import { kernelStableDiscs, shallowKernelUnavailable } from '../../shared/othello/shallow-kernel.ts';
import { STABLE_HI, stableDiscs } from '../../shared/othello/stability.ts';

/**
 * The shallow search's WebAssembly kernel, switched off where a test says so (the TypeScript search then
 * runs, as on a host without WebAssembly), the shallow roots it searched, and the searches an exception
 * unwound through it (the node limit, or a tick that throws, reached inside the kernel).
 */
const shallowWasm = vi.hoisted(() => ({ off: false, roots: 0, unwound: 0 }));
vi.mock('../../shared/othello/shallow-kernel.ts', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../shared/othello/shallow-kernel.ts')>();
  const shallowKernel: typeof m.shallowKernel = (event) => {
    const search = m.shallowKernel(event);
    if (shallowWasm.off || search === null) return null;
    return (...args) => {
      shallowWasm.roots++;
      try {
        return search(...args);
      } catch (e) {
        shallowWasm.unwound++;
        throw e;
      }
    };
  };
  return { ...m, shallowKernel };
});

const DATA = new URL('./data/', import.meta.url);

/** The part names and the value each takes when on (the shallow search: ENDGAME_ON's depth). */
const PARTS = ['shallow', 'etc', 'twoSlot', 'ttMove', 'stability', 'richKey', 'sortSearch'] as const;

function settings(): [string, EndgameSwitches][] {
  const out: [string, EndgameSwitches][] = [
    ['every part on', ENDGAME_ON],
    ['every part off', ENDGAME_OFF],
  ];
  for (const k of PARTS) {
    out.push([`${k} alone off`, { ...ENDGAME_ON, [k]: ENDGAME_OFF[k] }]);
    out.push([`${k} alone on`, { ...ENDGAME_OFF, [k]: ENDGAME_ON[k] }]);
  }
  // the sort search at every deep node of these problems
  out.push(['the sort search from 8 empties', { ...ENDGAME_ON, sortSearch: 8 }]);
  out.push(['the sort search from 8 empties, the rich key off', { ...ENDGAME_ON, richKey: false, sortSearch: 8 }]);
  return out;
}

/** Random switches of the solve mode. */
const arbSwitches = fc.record({
  shallow: fc.integer({ min: 0, max: 12 }),
  etc: fc.boolean(),
  twoSlot: fc.boolean(),
  ttMove: fc.boolean(),
  stability: fc.boolean(),
  richKey: fc.boolean(),
  sortSearch: fc.integer({ min: 0, max: 10 }),
});

/**
 * A position with `empties` empty squares: a random board (every square either colour, passes and
 * games over included) or the end of a random game.
 */
function fewEmpties(seed: number, empties: number, fromGame: boolean): OthelloPosition | null {
  const r = mulberry32(seed);
  if (fromGame) {
    const p = randomPlayout(60 - empties, (n) => Math.floor(r() * n));
    return p.empties === empties ? p : null;
  }
  const c: Cells = Array.from({ length: 64 }, () => (r() < 0.5 ? 1 : 2));
  for (let k = 0; k < empties; ) {
    const x = Math.floor(r() * 64);
    if (c[x] !== 0) {
      c[x] = 0;
      k++;
    }
  }
  return positionOf(c, r() < 0.5 ? 0 : 1);
}

describe("the shallow search's parity order", () => {
  test('oddQuadrants: the columns A-D and E-H of a word, each when it holds an odd number of the set', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (w) => {
        let want = 0;
        for (const q of [0x0f0f0f0f, 0xf0f0f0f0 | 0]) {
          let n = 0;
          for (let s = 0; s < 32; s++) n += (w & q & (1 << s)) !== 0 ? 1 : 0;
          if (n % 2 === 1) want |= q;
        }
        expect(oddQuadrants(w), `word ${w}`).toBe(want);
      }),
      { numRuns: 2000 },
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

describe('the shallow search in WebAssembly against the TypeScript one', () => {
  test('runs here', () => {
    expect(shallowKernelUnavailable()).toBe('');
  });

  test("the kernel's stable discs are ./stability.ts's on random boards of every density and on endgames from play", () => {
    let some = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.double({ min: 0, max: 1, noNaN: true }), (seed, q) => {
        const r = mulberry32(seed);
        // the two sides' words: from a game's end, or each square empty with probability q, else either colour
        const w = [0, 0, 0, 0];
        if (seed % 3 === 0) {
          const p = randomPlayout(20 + (seed % 41), (n) => Math.floor(r() * n));
          w.splice(0, 4, p.ownLo, p.ownHi, p.oppLo, p.oppHi);
        } else {
          for (let x = 0; x < 64; x++) if (r() >= q) w[(r() < 0.5 ? 0 : 2) + (x >> 5)] |= 1 << (x & 31);
        }
        for (const [pl, ph, ol, oh] of [w, [w[2], w[3], w[0], w[1]]]) {
          const lo = stableDiscs(pl, ph, ol, oh);
          const want = BigInt(lo >>> 0) | (BigInt(STABLE_HI[0] >>> 0) << 32n);
          expect(kernelStableDiscs(pl, ph, ol, oh), `${pl} ${ph} ${ol} ${oh}`).toBe(want);
          if (want !== 0n) some++;
        }
      }),
      { numRuns: 3000 },
    );
    expect(some).toBeGreaterThan(2000); // most samples hold stable discs
  });

  test('0-10 empties, random boards, game ends and FForum problems played down, random windows and switches: the same value and nodes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom('board' as const, 'game' as const, 'FForum' as const),
        fc.integer({ min: -65, max: 64 }),
        fc.integer({ min: 1, max: 130 }),
        arbSwitches,
        (seed, empties, source, alpha, width, switches) => {
          const p =
            source === 'FForum'
              ? OthelloPosition.parse(playedDown(seed % 19, empties, seed))
              : fewEmpties(seed, empties, source === 'game');
          fc.pre(p !== null);
          const beta = Math.min(alpha + width, 65);
          const what = `${p!.toString()} (${alpha}, ${beta}) ${JSON.stringify(switches)}`;
          shallowWasm.off = true;
          const typescript = shallowSearch(p!, alpha, beta, switches);
          shallowWasm.off = false;
          const roots = shallowWasm.roots;
          expect(shallowSearch(p!, alpha, beta, switches), what).toEqual(typescript);
          // a root of one empty is the TypeScript last1's (shallowRoot)
          expect(shallowWasm.roots, what).toBe(p!.empties >= 2 ? roots + 1 : roots);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

const KERNELS = [
  ['WebAssembly', false],
  ['TypeScript', true],
] as const;

describe.each(KERNELS)('the solve mode with the shallow search in %s', (_kernel, wasmOff) => {
  beforeAll(() => {
    shallowWasm.off = wasmOff;
    shallowWasm.roots = 0;
    shallowWasm.unwound = 0;
  });
  afterAll(() => {
    shallowWasm.off = false;
  });

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

  describe('a score at the end of the range', () => {
    test("FFO #59 (34 empties, a wipeout: +64) in the solve mode's MTD(f) within 2 M nodes: no test above 64", () => {
      const problems = parseObfFile(readFileSync(new URL('fforum-40-59.obf', DATA), 'utf8'), 'fforum-40-59.obf');
      const p = problems[19];
      const r = solveEndgame(p.position, {
        switches: ENDGAME_ON,
        algorithm: 'mtdf',
        weak: false,
        maxVisited: 2_000_000,
      });
      expect(r.score).toBe(64);
      expect(p.moves.filter((m) => m.score === 64).map((m) => m.square)).toContain(r.move);
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

  describe('the ordering keys cut nodes', () => {
    const problems = parseObfFile(readFileSync(new URL('fforum-1-19.obf', DATA), 'utf8'), 'fforum-1-19.obf');
    const nodes = (endgame: EndgameSwitches) =>
      problems.reduce((n, p) => n + solveOthello(p.position, { endgame }).nodes, 0);
    test.each([
      ['the rich key against the plain count', { ...ENDGAME_ON, sortSearch: 0 }, { richKey: false }, 0.95],
      ['the sort search from 10 empties against none', { ...ENDGAME_ON, sortSearch: 10 }, { sortSearch: 0 }, 0.97],
    ])('%s: fewer nodes on FForum 1-19', (_name, on, off, ratio) => {
      expect(nodes(on)).toBeLessThan(nodes({ ...on, ...off }) * ratio);
    });
  });

  describe('the solve mode against brute-force negamax', () => {
    test('random switches, strong and weak, mtdf, alpha-beta and NegaScout on at most 9 empties', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          fc.integer({ min: 51, max: 58 }),
          arbSwitches,
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

  describe('the shallow search alone against negamax', () => {
    test('0-4 empties, random windows, stability cutoffs on and off: the fail-soft value bounds the exact score', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          fc.integer({ min: 0, max: 4 }),
          fc.boolean(),
          fc.integer({ min: -65, max: 64 }),
          fc.integer({ min: 1, max: 130 }),
          fc.boolean(),
          (seed, empties, fromGame, alpha, width, stability) => {
            const p = fewEmpties(seed, empties, fromGame);
            fc.pre(p !== null);
            const beta = Math.min(alpha + width, 65);
            const exact = naiveNegamax(cellsOf(p!));
            const { value, nodes } = shallowSearch(p!, alpha, beta, { ...ENDGAME_ON, stability });
            const what = `${p!.toString()} (${alpha}, ${beta}) stability ${stability}: exact ${exact}, got ${value}`;
            if (value <= alpha) expect(exact, what).toBeLessThanOrEqual(value);
            else if (value >= beta) expect(exact, what).toBeGreaterThanOrEqual(value);
            else expect(value, what).toBe(exact);
            expect(nodes, what).toBeGreaterThanOrEqual(1);
            // the full window gives the exact score
            expect(shallowSearch(p!, -65, 65, { ...ENDGAME_ON, stability }).value, what).toBe(exact);
          },
        ),
        { numRuns: 3000 },
      );
    });
  });

  describe('the visit count', () => {
    const problems = parseObfFile(readFileSync(new URL('fforum-1-19.obf', DATA), 'utf8'), 'fforum-1-19.obf');
    test('a limit of exactly the nodes a solve takes lets it finish, one fewer stops it; a tick every PROGRESS_TICK visits', () => {
      const p = problems[0].position;
      const ticks: number[] = [];
      const opts = { switches: ENDGAME_ON, algorithm: 'alphabeta' as const, weak: false };
      const full = solveEndgame(p, { ...opts, onTick: (n) => ticks.push(n) });
      expect(full.nodes).toBeGreaterThan(3 * PROGRESS_TICK);
      expect(ticks).toEqual(
        Array.from({ length: Math.floor(full.nodes / PROGRESS_TICK) }, (_, i) => (i + 1) * PROGRESS_TICK),
      );
      expect(solveEndgame(p, { ...opts, maxVisited: full.nodes })).toEqual(full);
      expect(() => solveEndgame(p, { ...opts, maxVisited: full.nodes - 1 })).toThrow(SearchLimitError);
      expect(() => solveEndgame(p, { ...opts, maxVisited: 0 })).toThrow(SearchLimitError);
    });
  });

  test('a solve stopped inside the search (by its limit or a tick that throws) leaves nothing behind', () => {
    const p = parseObfFile(readFileSync(new URL('fforum-1-19.obf', DATA), 'utf8'), 'fforum-1-19.obf')[0].position;
    const opts = { switches: ENDGAME_ON, algorithm: 'mtdf' as const, weak: false };
    const full = solveEndgame(p, opts);
    const unwound = shallowWasm.unwound;
    for (const limit of [1, 1000, PROGRESS_TICK, 3 * PROGRESS_TICK + 1, 12_345, full.nodes - 2]) {
      const ticks: number[] = [];
      expect(() => solveEndgame(p, { ...opts, maxVisited: limit, onTick: (n) => ticks.push(n) })).toThrow(
        SearchLimitError,
      );
      expect(ticks, `limit ${limit}`).toEqual(
        Array.from({ length: Math.floor(limit / PROGRESS_TICK) }, (_, i) => (i + 1) * PROGRESS_TICK),
      );
    }
    const stop = new Error('stopped');
    expect(() =>
      solveEndgame(p, {
        ...opts,
        onTick: (n) => {
          if (n === 2 * PROGRESS_TICK) throw stop;
        },
      }),
    ).toThrow(stop);
    // most of these stops come inside the kernel, which the exception unwinds
    if (wasmOff) expect(shallowWasm.unwound).toBe(0);
    else expect(shallowWasm.unwound - unwound).toBeGreaterThanOrEqual(5);
    expect(solveEndgame(p, opts)).toEqual(full);
  });

  test(wasmOff ? 'no shallow root above ran in WebAssembly' : 'the shallow roots above ran in WebAssembly', () => {
    if (wasmOff) expect(shallowWasm.roots).toBe(0);
    else expect(shallowWasm.roots).toBeGreaterThan(0);
  });
});

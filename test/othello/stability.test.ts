/**
 * Stable discs (shared/othello/stability.ts) against every continuation of the game: on random
 * endgames from play and on random boards with few empties (many full lines), no line of play, passes
 * included, ever flips a disc the function calls stable, for either player. The check is the
 * independent reference's (./reference.ts) square-by-square flips over the whole game tree; it is shown
 * to catch a wrong claim (every disc called stable), and the samples are shown to hold stable discs of
 * every kind (corners, edges, and interior discs on full lines). The bitboard sets also equal the same
 * rule computed square by square, so a set that claims less than the rule gives is caught too.
 */
import { describe, expect, test } from 'vitest';
import { OthelloPosition } from '../../shared/othello/position.ts';
import { STABLE_HI, stableDiscs } from '../../shared/othello/stability.ts';
import { mulberry32 } from '../helpers/mulberry32.ts';
import { type Cells, cellsOf, naiveFlips, naiveMoves, naivePlay, randomPlayout } from './reference.ts';

/** The squares of the set (lo, hi). */
function squares(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < 64; s++) if (((s < 32 ? lo >>> s : hi >>> (s - 32)) & 1) !== 0) out.push(s);
  return out;
}

/** The stable squares the function claims for the player to move (1) and the opponent (2) of cells. */
function claimed(p: OthelloPosition): { mine: number[]; theirs: number[] } {
  const mine = squares(stableDiscs(p.ownLo, p.ownHi, p.oppLo, p.oppHi), STABLE_HI[0]);
  const theirs = squares(stableDiscs(p.oppLo, p.oppHi, p.ownLo, p.ownHi), STABLE_HI[0]);
  return { mine, theirs };
}

/**
 * The rule of the header of shared/othello/stability.ts, square by square: from the empty set, add
 * each round the discs of `who` (1 or 2) that along each of the four lines have a full line, an end of
 * the line, or a neighbour already in the set; until nothing is added.
 */
function naiveStable(c: Cells, who: number): number[] {
  const on = (r: number, col: number) => r >= 0 && r < 8 && col >= 0 && col < 8;
  const full = (s: number, dr: number, dc: number) => {
    for (const sign of [1, -1]) {
      let r = (s >> 3) + sign * dr,
        col = (s & 7) + sign * dc;
      while (on(r, col)) {
        if (c[r * 8 + col] === 0) return false;
        r += sign * dr;
        col += sign * dc;
      }
    }
    return true;
  };
  let set = new Set<number>();
  for (;;) {
    const next = new Set<number>();
    for (let s = 0; s < 64; s++) {
      if (c[s] !== who) continue;
      const safe = LINES.every(
        ([dr, dc]) =>
          [1, -1].some((sign) => {
            const r = (s >> 3) + sign * dr,
              col = (s & 7) + sign * dc;
            return !on(r, col) || set.has(r * 8 + col);
          }) || full(s, dr, dc),
      );
      if (safe) next.add(s);
    }
    if (next.size === set.size) return [...next].sort((a, b) => a - b);
    set = next;
  }
}

/** The four lines through a square: row, column, the two diagonals. */
const LINES = [
  [0, 1],
  [1, 0],
  [1, 1],
  [1, -1],
] as const;

/**
 * A square of `claim` that some continuation from cells flips, or −1: every line of play explored
 * (each position once), every move's flips compared with the claim.
 */
function flippedClaim(start: Cells, claim: Set<number>): number {
  const seen = new Set<string>();
  const stack: Cells[] = [start];
  while (stack.length > 0) {
    const c = stack.pop()!;
    const key = c.join('');
    if (seen.has(key)) continue;
    seen.add(key);
    const ms = naiveMoves(c);
    if (ms.length === 0) {
      const passed = c.map((v) => (v === 0 ? 0 : 3 - v));
      if (naiveMoves(passed).length > 0) stack.push(passed);
      continue;
    }
    for (const x of ms) {
      for (const f of naiveFlips(c, x)) if (claim.has(f)) return f;
      stack.push(naivePlay(c, x));
    }
  }
  return -1;
}

/** A random full board with `empties` squares emptied again, player X to move. */
function randomBoard(rand: () => number, empties: number): OthelloPosition {
  const cells: string[] = Array.from({ length: 64 }, () => (rand() < 0.5 ? 'X' : 'O'));
  for (let k = 0; k < empties; ) {
    const s = Math.floor(rand() * 64);
    if (cells[s] !== '-') {
      cells[s] = '-';
      k++;
    }
  }
  return OthelloPosition.parse(`${cells.join('')} ${rand() < 0.5 ? 'X' : 'O'}`);
}

/** Random endgames of play (4..10 empties) and random boards (1..9 empties). */
function samples(): OthelloPosition[] {
  const out: OthelloPosition[] = [];
  for (let seed = 1; seed <= 60; seed++) {
    const r = mulberry32(seed);
    out.push(randomPlayout(50 + (seed % 7), (n) => Math.floor(r() * n)));
    out.push(randomBoard(r, 1 + (seed % 9)));
  }
  return out;
}

const EDGE = new Set([...Array(64).keys()].filter((s) => s < 8 || s >= 56 || s % 8 === 0 || s % 8 === 7));
const CORNERS = new Set([0, 7, 56, 63]);

describe('stable discs', () => {
  const positions = samples();

  test('no continuation flips a disc called stable, for either player; corners, edges and interior discs are found', () => {
    let corners = 0,
      edges = 0,
      interior = 0;
    for (const p of positions) {
      const c = cellsOf(p);
      const { mine, theirs } = claimed(p);
      for (const s of mine) expect(c[s], `${p.toString()} square ${s}`).toBe(1);
      for (const s of theirs) expect(c[s], `${p.toString()} square ${s}`).toBe(2);
      const all = [...mine, ...theirs];
      expect(flippedClaim(c, new Set(all)), p.toString()).toBe(-1);
      for (const s of all) {
        if (CORNERS.has(s)) corners++;
        else if (EDGE.has(s)) edges++;
        else interior++;
      }
    }
    expect(corners).toBeGreaterThan(20);
    expect(edges).toBeGreaterThan(20);
    expect(interior).toBeGreaterThan(20);
  });

  test('the bitboard sets equal the rule computed square by square', () => {
    for (const p of positions) {
      const c = cellsOf(p);
      const { mine, theirs } = claimed(p);
      expect(mine, p.toString()).toEqual(naiveStable(c, 1));
      expect(theirs, p.toString()).toEqual(naiveStable(c, 2));
    }
  });

  test('a corner is stable, a disc on a full board is stable, a lone disc with empties around it is not', () => {
    const corner = OthelloPosition.parse(`X${'-'.repeat(26)}OX------XO${'-'.repeat(27)} X`);
    expect(claimed(corner).mine).toEqual([0]);
    expect(claimed(corner).theirs).toEqual([]);
    const full = OthelloPosition.parse(`${'XO'.repeat(32)} X`);
    expect(claimed(full).mine.length + claimed(full).theirs.length).toBe(64);
    const start = OthelloPosition.parse(`${'-'.repeat(27)}OX------XO${'-'.repeat(27)} X`);
    expect(claimed(start)).toEqual({ mine: [], theirs: [] });
  });

  test('the check catches a wrong claim: every disc called stable', () => {
    const caught = positions.filter((p) => {
      const c = cellsOf(p);
      const every = new Set([...c.keys()].filter((s) => c[s] !== 0));
      return flippedClaim(c, every) >= 0;
    });
    expect(caught.length).toBeGreaterThan(positions.length / 2);
  });
});

/**
 * Slow, independent references for the Connect-Four engine: a plain array board (no bitboards), four
 * in a row found by walking the lines through the last stone, and full negamax with a memo, with the
 * score taken straight from the rule of Pons' test protocol (22 minus the winner's stones at the end)
 * rather than from the solver's shortcut formulas. Also seeded random positions to test on.
 */
import { mulberry32 } from '../helpers/mulberry32.ts';

export const W = 7;
export const H = 6;

export class ArrayBoard {
  /** cells[c * H + r]: 0 empty, 1 first player, 2 second player */
  readonly cells = new Uint8Array(W * H);
  readonly height = new Uint8Array(W);
  moves = 0;

  static fromMoves(s: string): ArrayBoard {
    const b = new ArrayBoard();
    for (const ch of s) b.play(Number(ch) - 1);
    return b;
  }

  /** the player to move: 1 or 2 */
  toMove(): number {
    return 1 + (this.moves % 2);
  }

  play(c: number): void {
    if (c < 0 || c >= W || this.height[c] >= H) throw new Error(`reference: column ${c} is not playable`);
    this.cells[c * H + this.height[c]] = this.toMove();
    this.height[c]++;
    this.moves++;
  }

  undo(c: number): void {
    this.height[c]--;
    this.cells[c * H + this.height[c]] = 0;
    this.moves--;
  }

  at(c: number, r: number): number {
    return c < 0 || c >= W || r < 0 || r >= H ? -1 : this.cells[c * H + r];
  }

  /** Whether the stone at (c, r) is part of four in a row of its colour. */
  fourThrough(c: number, r: number): boolean {
    const p = this.at(c, r);
    if (p <= 0) return false;
    for (const [dc, dr] of [
      [1, 0],
      [0, 1],
      [1, 1],
      [1, -1],
    ]) {
      let run = 1;
      for (let k = 1; this.at(c + k * dc, r + k * dr) === p; k++) run++;
      for (let k = 1; this.at(c - k * dc, r - k * dr) === p; k++) run++;
      if (run >= 4) return true;
    }
    return false;
  }

  /** Whether playing column c (playable) makes four for the player to move. */
  wins(c: number): boolean {
    this.play(c);
    const w = this.fourThrough(c, this.height[c] - 1);
    this.undo(c);
    return w;
  }

  /** Whether any stone on the board is part of four in a row (a full scan). */
  anyFour(): boolean {
    for (let c = 0; c < W; c++) for (let r = 0; r < H; r++) if (this.fourThrough(c, r)) return true;
    return false;
  }

  key(): string {
    return this.cells.join('');
  }
}

/**
 * Exact score of a position that is not over, by full negamax with a memo (keyed by the whole board).
 * A move that makes four ends the game: the mover then has played ceil(n / 2) or floor(n / 2) stones,
 * and scores 22 minus that; a full board is a draw. No window, no shortcut.
 */
export function referenceScore(b: ArrayBoard, memo = new Map<string, number>()): number {
  const k = b.key();
  const hit = memo.get(k);
  if (hit !== undefined) return hit;
  let best = -Infinity;
  if (b.moves === W * H) best = 0;
  for (let c = 0; c < W; c++) {
    if (b.height[c] >= H) continue;
    const mover = b.toMove();
    b.play(c);
    let v: number;
    if (b.fourThrough(c, b.height[c] - 1)) {
      let stones = 0;
      for (const x of b.cells) if (x === mover) stones++;
      v = 22 - stones;
    } else {
      v = -referenceScore(b, memo) + 0; // + 0: no −0
    }
    b.undo(c);
    if (v > best) best = v;
  }
  memo.set(k, best);
  return best;
}

/**
 * Number of negamax calls of Pons' plain minimax (part 3) on a position, counted independently: a node
 * whose board is full or whose player to move can win at once is a leaf; any other node is 1 plus its
 * children's counts. Memoised per position (the count depends on the position only).
 */
export function referenceMinimaxCount(b: ArrayBoard, memo = new Map<string, number>()): number {
  const k = b.key();
  const hit = memo.get(k);
  if (hit !== undefined) return hit;
  let n = 1;
  let leaf = b.moves === W * H;
  for (let c = 0; c < W && !leaf; c++) if (b.height[c] < H && b.wins(c)) leaf = true;
  if (!leaf) {
    for (let c = 0; c < W; c++) {
      if (b.height[c] >= H) continue;
      b.play(c);
      n += referenceMinimaxCount(b, memo);
      b.undo(c);
    }
  }
  memo.set(k, n);
  return n;
}

/**
 * A random position with `stones` stones reached by random moves that never make four (a move string
 * in Pons' format). With `careful`, moves that let the opponent win at once are avoided where possible,
 * which gives quieter positions, like those of Pons' test sets, that need deeper search. Restarts if
 * it gets stuck (every playable column wins).
 */
export function randomPosition(seed: number, stones: number, careful = false): string {
  const r = mulberry32(seed);
  for (;;) {
    const b = new ArrayBoard();
    let s = '';
    while (b.moves < stones) {
      let options: number[] = [];
      for (let c = 0; c < W; c++) if (b.height[c] < H && !b.wins(c)) options.push(c);
      if (careful) {
        const safe = options.filter((c) => {
          b.play(c);
          let opponentWins = false;
          for (let d = 0; d < W && !opponentWins; d++) if (b.height[d] < H && b.wins(d)) opponentWins = true;
          b.undo(c);
          return !opponentWins;
        });
        if (safe.length > 0) options = safe;
      }
      if (options.length === 0) break;
      const c = options[Math.floor(r() * options.length)];
      b.play(c);
      s += String(c + 1);
    }
    if (b.moves === stones) return s;
  }
}

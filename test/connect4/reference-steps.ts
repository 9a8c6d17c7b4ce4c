/**
 * A second implementation of Pons' solver steps for the node-count tests, on the array board of
 * ./reference.ts instead of bitboards: wins, threats ("winning cells"), non-losing moves, move scores
 * and table keys are all found by trying cells one by one, and score bounds are written from the rule
 * "22 minus the winner's stones" rather than Pons' formulas. The search control flow is Pons' (it has to
 * be, to count his nodes), including his direct-mapped table (index = key mod size, always replace),
 * so counts must equal shared/connect4/solver.ts exactly.
 */
import { ArrayBoard, H, W } from './reference.ts';

const CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6];

/** Stones the player to move has; stones the opponent has. */
function mine(b: ArrayBoard): number {
  return Math.floor(b.moves / 2);
}
function theirs(b: ArrayBoard): number {
  return Math.ceil(b.moves / 2);
}

/** Empty cells where a stone of `player` would complete four (playable or not), as "c,r" strings. */
function threats(b: ArrayBoard, player: number): Set<string> {
  const out = new Set<string>();
  for (let c = 0; c < W; c++) {
    for (let r = b.height[c]; r < H; r++) {
      b.cells[c * H + r] = player;
      if (b.fourThrough(c, r)) out.add(`${c},${r}`);
      b.cells[c * H + r] = 0;
    }
  }
  return out;
}

function playable(b: ArrayBoard): number[] {
  return [...Array(W).keys()].filter((c) => b.height[c] < H);
}

/** Pons' key: per column, the mover's stones as bits plus (2^height − 1), column c at bit 7c. */
export function ponsKey(b: ArrayBoard): number {
  const me = b.toMove();
  let key = 0;
  for (let c = 0; c < W; c++) {
    let col = 2 ** b.height[c] - 1;
    for (let r = 0; r < b.height[c]; r++) if (b.at(c, r) === me) col += 2 ** r;
    key += col * 2 ** (7 * c);
  }
  return key;
}

export class ReferenceSteps {
  nodes = 0;
  private slots = new Map<number, { key: number; val: number }>();
  private sort = false;
  private lower = false;
  private size = 0;

  private get(b: ArrayBoard): number {
    const key = ponsKey(b);
    const e = this.slots.get(key % this.size);
    return e !== undefined && e.key === key ? e.val : 0;
  }

  private put(b: ArrayBoard, v: number): void {
    const key = ponsKey(b);
    this.slots.set(key % this.size, { key, val: ((v % 256) + 256) % 256 });
  }

  solve(moves: string, step: string, weak: boolean): { score: number; visited: number } {
    const b = ArrayBoard.fromMoves(moves);
    this.nodes = 0;
    this.slots = new Map();
    this.size = step === 'final' ? 8_388_617 : 8_388_593;
    this.sort = step === 'sorted' || step === 'final';
    this.lower = step === 'final';
    const lo = weak ? -1 : -21,
      hi = weak ? 1 : 21;
    let score: number;
    if (step === 'minimax') score = this.minimax(b);
    else if (step === 'alphabeta') score = this.alphaBeta(b, lo, hi, [0, 1, 2, 3, 4, 5, 6], false);
    else if (step === 'order') score = this.alphaBeta(b, lo, hi, CENTRE_FIRST, false);
    else if (step === 'tt') score = this.alphaBeta(b, lo, hi, CENTRE_FIRST, true);
    else score = this.iterate(b, weak, step !== 'id');
    return { score: score + 0, visited: this.nodes };
  }

  private winNow(b: ArrayBoard): boolean {
    return playable(b).some((c) => b.wins(c));
  }

  private minimax(b: ArrayBoard): number {
    this.nodes++;
    if (b.moves === W * H) return 0;
    if (this.winNow(b)) return 22 - (mine(b) + 1);
    let best = -Infinity;
    for (const c of playable(b)) {
      b.play(c);
      best = Math.max(best, -this.minimax(b));
      b.undo(c);
    }
    return best;
  }

  private alphaBeta(b: ArrayBoard, alpha: number, beta: number, order: number[], table: boolean): number {
    this.nodes++;
    if (b.moves === W * H) return 0;
    if (this.winNow(b)) return 22 - (mine(b) + 1);
    // at best the mover wins with its second stone from now
    let max = 22 - (mine(b) + 2);
    if (table) {
      const v = this.get(b);
      if (v !== 0) max = v - 19;
    }
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    for (const c of order) {
      if (b.height[c] >= H) continue;
      b.play(c);
      const s = -this.alphaBeta(b, -beta, -alpha, order, table);
      b.undo(c);
      if (s >= beta) return s;
      if (s > alpha) alpha = s;
    }
    if (table) this.put(b, alpha + 19);
    return alpha;
  }

  /** Pons' null-window loop (parts 8 and 9), with C's truncating division. */
  private iterate(b: ArrayBoard, weak: boolean, anticipate: boolean): number {
    if (anticipate && this.winNow(b)) return 22 - (mine(b) + 1);
    // the opponent wins with its next stone at worst / the mover wins with its next stone at best
    let min = -(22 - (theirs(b) + 1));
    let max = 22 - (mine(b) + 1);
    if (weak) {
      min = -1;
      max = 1;
    }
    while (min < max) {
      let med = min + Math.trunc((max - min) / 2);
      if (med <= 0 && Math.trunc(min / 2) < med) med = Math.trunc(min / 2);
      else if (med >= 0 && Math.trunc(max / 2) > med) med = Math.trunc(max / 2);
      const r = anticipate ? this.anticipating(b, med, med + 1) : this.alphaBeta(b, med, med + 1, CENTRE_FIRST, true);
      if (r <= med) max = r;
      else min = r;
    }
    return min;
  }

  /** Columns that do not lose at once (Pons part 9), centre first. */
  private nonLosing(b: ArrayBoard): number[] {
    const opp = threats(b, 3 - b.toMove());
    const cols = playable(b);
    const forced = cols.filter((c) => opp.has(`${c},${b.height[c]}`));
    if (forced.length > 1) return [];
    const cands = forced.length === 1 ? forced : cols;
    return CENTRE_FIRST.filter((c) => cands.includes(c) && !opp.has(`${c},${b.height[c] + 1}`));
  }

  /** Threats the mover has after playing c (Pons' move score). */
  private moveScore(b: ArrayBoard, c: number): number {
    const mover = b.toMove();
    b.play(c);
    const n = threats(b, mover).size;
    b.undo(c);
    return n;
  }

  private anticipating(b: ArrayBoard, alpha: number, beta: number): number {
    this.nodes++;
    let cols = this.nonLosing(b);
    if (cols.length === 0) return -(22 - (theirs(b) + 1)); // the opponent wins with its next stone
    if (b.moves >= W * H - 2) return 0;
    // the opponent cannot win with its next stone: at worst it wins with its second
    let min = -(22 - (theirs(b) + 2));
    if (alpha < min) {
      alpha = min;
      if (alpha >= beta) return alpha;
    }
    const max = 22 - (mine(b) + 2);
    if (this.lower && beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    const v = this.get(b);
    if (v !== 0) {
      if (v > 37) {
        min = v - 56;
        if (alpha < min) {
          alpha = min;
          if (alpha >= beta) return alpha;
        }
      } else if (beta > v - 19) {
        beta = v - 19;
        if (alpha >= beta) return beta;
      }
    } else if (!this.lower && beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    if (this.sort) {
      const scored = cols.map((c) => ({ c, s: this.moveScore(b, c) }));
      scored.sort((x, y) => y.s - x.s); // stable: ties stay centre first
      cols = scored.map((x) => x.c);
    }
    for (const c of cols) {
      b.play(c);
      const s = -this.anticipating(b, -beta, -alpha);
      b.undo(c);
      if (s >= beta) {
        if (this.lower) this.put(b, s + 56);
        return s;
      }
      if (s > alpha) alpha = s;
    }
    this.put(b, alpha + 19);
    return alpha;
  }
}

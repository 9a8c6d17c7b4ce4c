/**
 * The WebAssembly kernel of the final step (shared/connect4/final-kernel.wat) against the TypeScript
 * kernel (Solver.finalNode), which test/connect4/solver.test.ts holds to the independent reference:
 * the same score and node count on every position, strong and weak, at Pons' table size and at small
 * sizes where slots collide all the time; the same progress reports and node limit.
 */
import { describe, expect, test } from 'vitest';
import { Position } from '../../shared/connect4/position.ts';
import { type SolveProgress, Solver } from '../../shared/connect4/solver.ts';
import { randomPosition } from './reference.ts';
import { PROGRESS_TICK } from '../../shared/util/progress-pace.ts';

const wasm = new Solver({ kernel: 'wasm' });
const ts = new Solver({ kernel: 'typescript' });

/** Seeded positions: late ones (26-40 stones, most of them quiet) and a few middle-game ones (16-25). */
const POSITIONS = [
  ...Array.from({ length: 150 }, (_, i) => randomPosition(31_000 + i, 26 + (i % 15), i % 3 !== 0)),
  ...Array.from({ length: 20 }, (_, i) => randomPosition(32_000 + i, 16 + (i % 10), true)),
];

describe('final step: WebAssembly kernel = TypeScript kernel', () => {
  test('the kernels are the ones asked for', () => {
    expect(wasm.kernel).toBe('wasm');
    expect(ts.kernel).toBe('typescript');
    expect(new Solver().kernel).toBe('wasm');
    expect(() => new Solver({ kernel: 'asm' as never })).toThrow(
      /kernel = asm is not allowed: use one of wasm, typescript/,
    );
  });

  for (const weak of [false, true]) {
    test(`same score and node count on every position (${weak ? 'weak' : 'strong'})`, () => {
      let nodes = 0;
      for (const moves of POSITIONS) {
        const p = Position.parse(moves);
        const a = ts.solve(p, 'final', weak);
        expect({ moves, ...wasm.solve(p, 'final', weak) }).toEqual({ moves, ...a });
        nodes += a.visited;
      }
      expect(nodes).toBeGreaterThan(10_000); // the set searches, it does not only answer at the root
    });
  }

  test('same counts with small tables (slots overwritten all the time) and after a change of size', () => {
    for (const tableSize of [1, 97, 1_000_003]) {
      const w = new Solver({ kernel: 'wasm', tableSize });
      const t = new Solver({ kernel: 'typescript', tableSize });
      for (const moves of POSITIONS.slice(140)) {
        const p = Position.parse(moves);
        expect({ moves, tableSize, ...w.solve(p, 'final') }).toEqual({ moves, tableSize, ...t.solve(p, 'final') });
      }
    }
  });

  test('the node limit stops both alike, after the same ticks, and leaves the solver usable', () => {
    const p = Position.parse('4444443'); // 7.3 million nodes with the final step
    const stopped = (kernel: 'wasm' | 'typescript') => {
      const reports: SolveProgress[] = [];
      const s: Solver = new Solver({ kernel, maxNodes: 2_500_000, onTick: () => reports.push(s.progress()) });
      let message = '';
      try {
        s.solve(p, 'final');
      } catch (e) {
        message = e instanceof RangeError ? e.message : 'not a RangeError';
      }
      s.maxNodes = Infinity;
      return { message, reports, after: s.solve(Position.parse(POSITIONS[0]), 'final') };
    };
    const t = stopped('typescript');
    expect(t.message).toMatch(/stopped after 2500000 nodes/);
    expect(t.reports.map((r) => r.nodes)).toEqual(
      Array.from({ length: Math.floor(2_500_000 / PROGRESS_TICK) }, (_, i) => (i + 1) * PROGRESS_TICK),
    );
    expect(stopped('wasm')).toEqual(t);
  }, 60_000);
});

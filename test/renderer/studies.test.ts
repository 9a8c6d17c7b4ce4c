/**
 * The pure logic behind the Studies tab: the Li table view (which cells are highlighted, which
 * columns need three sub-columns, the CSV), the Monte-Carlo check of a cell (the same estimate as
 * `gtlab montecarlo`), the match tally and its interval, the Connect-Four board and the worker's job
 * function.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { reproduceLiTable } from '../../shared/li/reproduce.ts';
import { compareWithPrinted } from '../../shared/li/compare.ts';
import { type LI_FIGURES, LI_TABLES, type LiTableResult } from '../../shared/li/li-table.ts';
import { wilson, rivestScore, openings, runMatch } from '../../shared/rivest/match-play.ts';
import { Position } from '../../shared/connect4/position.ts';
import { Solver } from '../../shared/connect4/solver.ts';
import { monteCarloLi } from '../../cli/commands/montecarlo.ts';
import { buildLiTableView, formatNumber } from '../../shared/li/li-table-view.ts';
import { liTableCsv } from '../../shared/li/li-table-study.ts';
import { monteCarloTarget } from '../../renderer/src/logic/li-montecarlo.ts';
import { runMonteCarlo } from '../../shared/li/monte-carlo-cell.ts';
import { tallyView } from '../../renderer/src/logic/match-tally.ts';
import { boardView } from '../../renderer/src/logic/c4-board.ts';
import { csvFields } from '../helpers/csv.ts';
import { runStudyJob, type StudyMessage } from '../../shared/jobs/study-jobs.ts';
import type { StudyRequest } from '../../shared/studies/registry.ts';

/** Table or figure `t` as the view compares it: the corrected model against the printed computation. */
const both = (t: (typeof LI_TABLES)[number] | (typeof LI_FIGURES)[number]) =>
  buildLiTableView(reproduceLiTable(t, 'corrected'), reproduceLiTable(t, 'printed'));

/** A one-cell Table 4.1 (N_6 at p0 0.5): `value` computed in `mode`, and the thesis's number (null: lost). */
const oneCell = (mode: 'corrected' | 'printed', value: number, thesis: number | null): LiTableResult => ({
  table: '4.1',
  mode,
  title: 't',
  columns: ['N_6'],
  errata: [],
  notes: [],
  rows: [{ p0: 0.5, f1: 0.1, f2: 0.2, values: [value] }],
  printed: {
    title: 't',
    digits: 3,
    factorDigits: 3,
    notes: [],
    rows: [{ p0: 0.5, f1: 0.1, f2: 0.2, values: [thesis] }],
  },
});

describe('Li table view', () => {
  test.each([...LI_TABLES])("table %s: highlighted cells are the library's disagreements", (t) => {
    const corrected = reproduceLiTable(t, 'corrected');
    const printed = reproduceLiTable(t, 'printed');
    const v = buildLiTableView(corrected, printed);
    const cells = (pred: (c: (typeof v.rows)[number]['cells'][number]) => boolean) =>
      v.rows
        .flatMap((r, i) => r.cells.map((c, j) => (pred(c) ? `${i}:${v.columns[j].name}` : null)))
        .filter((x) => x !== null)
        .sort();
    const key = (d: { row: number; column: string }) => `${d.row}:${d.column}`;
    expect(cells((c) => c.differs)).toEqual(compareWithPrinted(corrected).disagreements.map(key).sort());
    expect(cells((c) => c.mismatch)).toEqual(compareWithPrinted(printed).disagreements.map(key).sort());
    const c = compareWithPrinted(corrected);
    expect(v.counts).toEqual({
      compared: c.compared,
      differing: c.disagreements.length,
      mismatching: compareWithPrinted(printed).disagreements.length,
      missing: c.missing,
    });
    // every value column is shown as corrected | printed computation | thesis
    expect(v.columns.slice(2).every((x) => x.triple)).toBe(true);
    expect(v.errata).toEqual(expect.arrayContaining(printed.errata));
  });

  test('Table 4.2: the corrected model differs from the thesis, f1/f2 need no sub-columns', () => {
    const v = both('4.2');
    expect(v.counts.differing).toBe(100); // 147 compared, 47 agree (the CLI's summary line)
    expect(v.counts.mismatching).toBe(0);
    expect(v.columns.slice(0, 2).map((c) => c.triple)).toEqual([false, false]);
    expect(v.keys).toEqual(['p0']);
    expect(v.rows[0].cells[2].thesis).toBe(409.457);
  });

  test('the highlight threshold is half a unit of the last printed digit', () => {
    const at = (x: number) =>
      buildLiTableView(oneCell('corrected', x, 1.234), oneCell('printed', 1.234, 1.234)).rows[0].cells[2].differs;
    expect(at(1.2345)).toBe(false);
    expect(at(1.2335)).toBe(false);
    expect(at(1.23451)).toBe(true);
    expect(at(1.23349)).toBe(true);
  });

  test('a lost thesis number is counted as missing, never highlighted', () => {
    const v = buildLiTableView(oneCell('corrected', 9, null), oneCell('printed', 9, null));
    expect(v.counts).toEqual({ compared: 2, differing: 0, mismatching: 0, missing: 1 });
    expect(formatNumber(v.rows[0].cells[2].thesis, 3)).toBe('?');
  });

  test('Fig. 3.2 (no printed numbers): corrected vs printed computation only', () => {
    const v = both('fig3.2');
    expect(v.figure).toBe(true);
    expect(v.counts.compared).toBe(0);
    expect(v.keys).toEqual(['j']);
    expect(v.rows.every((r) => r.cells.every((c) => c.thesis === undefined))).toBe(true);
  });

  test('mismatched tables are refused', () => {
    expect(() => buildLiTableView(reproduceLiTable('4.1', 'corrected'), reproduceLiTable('4.2', 'printed'))).toThrow(
      /one table/,
    );
  });

  test('CSV: one line per row, every number at full precision, the differing columns named', () => {
    const v = both('3.1');
    const lines = liTableCsv(v, 'game-tree-lab test').trimEnd().split('\n');
    const data = lines.filter((l) => !l.startsWith('#'));
    const head = csvFields(data[0]);
    expect(head).toContain('D(3,9)_thesis');
    expect(head.slice(0, 4)).toEqual(['f1_corrected', 'f1_printed_computation', 'f1_thesis', 'f2_corrected']);
    expect(head[head.length - 1]).toBe('differs');
    expect(data.length - 1).toBe(v.rows.length);
    data.slice(1).forEach((line, i) => {
      const f = csvFields(line);
      expect(f.length).toBe(head.length);
      v.rows[i].cells.forEach((c, j) => {
        expect(Number(f[3 * j])).toBe(c.corrected);
        expect(Number(f[3 * j + 1])).toBe(c.printedComp);
      });
      expect(f[f.length - 1].split(' ').filter(Boolean)).toEqual(
        v.columns.filter((_, j) => v.rows[i].cells[j].differs).map((c) => c.name),
      );
    });
  });
});

describe('Monte-Carlo check of a cell', () => {
  test('cells map to li-2, li-3, li-4; other cells have no check', () => {
    expect(monteCarloTarget(both('2.2'), 0, 2)?.params).toEqual({ p0: 0.5, f1: 0.6, f2: 0.4, k: 1 });
    expect(monteCarloTarget(both('3.1'), 1, 2 + 4)?.params).toEqual({ f1: 0.1, f2: 0.1, d: 5, h: 9 });
    expect(monteCarloTarget(both('4.2'), 0, 2)?.experiment).toBe('li-4');
    expect(monteCarloTarget(both('4.2'), 0, 0)).toBeNull(); // f1
    expect(monteCarloTarget(both('2.1'), 0, 2)).toBeNull();
    expect(monteCarloTarget(both('fig3.2'), 0, 2)).toBeNull();
    const t31 = both('3.1');
    expect(
      monteCarloTarget(
        t31,
        1,
        t31.columns.findIndex((c) => c.name === 'PS'),
      ),
    ).toBeNull();
  });

  test.each([
    ['2.2', 1, 'R_3'],
    ['3.2', 3, 'D(4,9)'],
    ['4.1', 5, 'N_7'],
  ] as const)('table %s row %i %s: the same estimate as gtlab montecarlo', (t, row, col) => {
    const v = both(t);
    const target = monteCarloTarget(
      v,
      row,
      v.columns.findIndex((c) => c.name === col),
    )!;
    const ours = runMonteCarlo(target, 200, 7);
    const cli = monteCarloLi(target.experiment, target.params, 200, 7);
    expect([ours.mean, ours.lo, ours.hi]).toEqual([cli.mean, cli.lo, cli.hi]);
    // the table's cell is the value the CLI calls exact
    expect(target.corrected).toBeCloseTo(cli.exact.corrected, 9);
    expect(target.printed).toBeCloseTo(cli.exact.printed, 9);
    expect(ours.inInterval.corrected).toBe(cli.inInterval.corrected);
  });

  test('progress reaches the total; bad sizes name the field', () => {
    const v = both('4.3');
    const t = monteCarloTarget(v, 0, 2)!;
    const seen: number[] = [];
    runMonteCarlo(t, 200, 1, (d) => seen.push(d));
    expect(seen).toEqual([50, 100, 150, 200]);
    expect(() => runMonteCarlo(t, 1, 1)).toThrow(/trees = 1 is not allowed/);
  });
});

describe('match tally', () => {
  test('the interval is the 95 % Wilson score interval (solves the score test) and contains the score', () => {
    const z = 1.959963984540054;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (n, a, b) => {
          const mm = Math.floor((a / 1000) * n);
          const draws = Math.floor((b / 1000) * (n - mm));
          const t = tallyView({ games: n, mmWins: mm, abWins: n - mm - draws, draws }, { kind: 'moves', n: 10 }, n);
          const p = (mm + draws / 2) / n;
          expect(t.score.p).toBeCloseTo(p, 12);
          expect(t.score.lo).toBeLessThanOrEqual(p + 1e-12);
          expect(t.score.hi).toBeGreaterThanOrEqual(p - 1e-12);
          // an interior bound π satisfies (p − π)² = z² π(1 − π)/n
          for (const pi of [t.score.lo, t.score.hi]) {
            if (pi > 1e-9 && pi < 1 - 1e-9) expect((p - pi) ** 2).toBeCloseTo((z * z * pi * (1 - pi)) / n, 9);
          }
        },
      ),
    );
  });

  test('comparison with Rivest: above, below or consistent with his score', () => {
    const r = rivestScore('moves');
    expect(r.p).toBeCloseTo((249 + 51 / 2) / 490, 12);
    const limit = { kind: 'moves' as const, n: 100 };
    expect(tallyView({ games: 0, mmWins: 0, abWins: 0, draws: 0 }, limit, 4).versusRivest).toBeNull();
    expect(tallyView({ games: 100, mmWins: 90, abWins: 10, draws: 0 }, limit, 100).versusRivest).toBe('above');
    expect(tallyView({ games: 100, mmWins: 10, abWins: 90, draws: 0 }, limit, 100).versusRivest).toBe('below');
    expect(tallyView({ games: 10, mmWins: 5, abWins: 4, draws: 1 }, limit, 10).versusRivest).toBe('consistent');
    expect(tallyView({ games: 10, mmWins: 5, abWins: 4, draws: 1 }, { kind: 'time', ms: 5 }, 10).rivest.mmWins).toBe(
      186,
    );
    expect(tallyView({ games: 3, mmWins: 1, abWins: 1, draws: 1 }, limit, 4).scoreText).toBe(
      `${wilson(1.5, 3).p.toFixed(3)} [${wilson(1.5, 3).lo.toFixed(3)}, ${wilson(1.5, 3).hi.toFixed(3)}]`,
    );
    expect(() => tallyView({ games: 3, mmWins: 1, abWins: 1, draws: 0 }, limit, 4)).toThrow(/games = 3/);
  });
});

describe('Connect-Four board', () => {
  test('cells, last stone and the player to move', () => {
    const b = boardView('4455');
    expect(b.stones).toBe(4);
    expect(b.toMove).toBe('x');
    expect(b.cells[5]).toEqual(['', '', '', 'x', 'x', '', '']);
    expect(b.cells[4]).toEqual(['', '', '', 'o', 'o', '', '']);
    expect(b.last).toEqual({ col: 4, row: 4 });
    expect(boardView('').last).toBeNull();
    expect(() => boardView('48')).toThrow(/character "8" at position 2/);
  });

  test('agrees with Position.toString on random legal move strings', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 30 }), (cols) => {
        let s = '';
        for (const c of cols) {
          try {
            Position.parse(s + c);
            s += c;
          } catch {
            /* full column or a winning move: skip it */
          }
        }
        const text = boardView(s)
          .cells.map((r) => r.map((c) => c || '.').join(''))
          .join('\n');
        expect(`${text}\n`).toBe(Position.parse(s).toString());
      }),
      { numRuns: 100 },
    );
  });
});

describe("study jobs (the worker's function)", () => {
  const run = (req: StudyRequest) => {
    const msgs: StudyMessage[] = [];
    runStudyJob(req, (m) => msgs.push(structuredClone(m)));
    return msgs;
  };

  test("c4: the solver's score and node count; a bad move string is a RangeError naming it", () => {
    const m = run({ kind: 'c4', moves: '5554224333234511764415115', step: 'final', weak: false });
    const lib = new Solver().solve(Position.parse('5554224333234511764415115'), 'final');
    expect(m.at(-1)).toMatchObject({
      type: 'result',
      result: { kind: 'c4', result: { score: 4, visited: lib.visited } },
    });
    expect(lib.score).toBe(4); // Pons' Test_L2_R1, first line
    expect(run({ kind: 'c4', moves: '4x', step: 'final', weak: false })).toEqual([
      { type: 'error', range: true, message: expect.stringContaining('character "x" at position 2') },
    ]);
  });

  test('match: one progress message per game, then the final tally', () => {
    const limit = { kind: 'moves' as const, n: 100 };
    const m = run({ kind: 'match', limit, plies: 1, count: 2, seed: 3 });
    const progress = m.filter((x) => x.type === 'progress');
    expect(progress.map((x) => x.done)).toEqual([1, 2, 3, 4]);
    expect(progress.every((x) => x.total === 4)).toBe(true);
    const lib = runMatch({ limit, openings: openings(1, 2, 3) });
    const last = m.at(-1)!;
    expect(last.type).toBe('result');
    if (last.type === 'result' && last.result.kind === 'match') {
      expect([
        last.result.result.tally.mmWins,
        last.result.result.tally.abWins,
        last.result.result.tally.draws,
      ]).toEqual([lib.mmWins, lib.abWins, lib.draws]);
    }
  });

  test('li-table and pathology results; pathology spec errors name the field', () => {
    const t = run({ kind: 'li-table', table: '2.2' });
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({
      type: 'result',
      result: { kind: 'li-table', corrected: { mode: 'corrected' }, printed: { mode: 'printed' } },
    });
    /** A pathology study of Li trees of this height under 10 % flip noise. */
    const pathology = (height: number, trees: number) =>
      run({
        kind: 'pathology',
        spec: {
          model: { kind: 'li', height, p0: 0.5, f1: 0.9, f2: 0.9 },
          noise: { kind: 'flip', e: 0.1 },
          trees,
          seed: 1,
        },
      });
    const p = pathology(4, 50);
    expect(p.at(-1)).toMatchObject({ type: 'result', result: { kind: 'pathology', result: { trees: 50 } } });
    const bad = pathology(99, 5);
    expect(bad).toEqual([{ type: 'error', range: true, message: expect.stringContaining('model.height = 99') }]);
  });
});

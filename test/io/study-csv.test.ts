/**
 * The study CSV of every kind (shared/studies/study-exports.ts), read back and checked column by column against
 * the result objects (computed here by the library, as the worker computes them): the provenance line
 * `# <kind>; <parameters>; <generator>`, the header, one row per observation, full precision, quoting.
 */
import { describe, expect, test } from 'vitest';
import type { StudyRecord } from '../../shared/api/contract.ts';
import { RIVEST_TABLE2 } from '../../shared/rivest/match-play.ts';
import { compareWithPrinted } from '../../shared/li/compare.ts';
import { buildLiTableView } from '../../shared/li/li-table-view.ts';
import { Position } from '../../shared/connect4/position.ts';
import { Solver } from '../../shared/connect4/solver.ts';
import { runStudyJob } from '../../shared/jobs/study-jobs.ts';
import type { StudyRequest, StudyResult } from '../../shared/studies/registry.ts';
import { studyCsv, studyFileName, studyProvenance } from '../../shared/studies/study-exports.ts';
import { monteCarloTarget } from '../../renderer/src/logic/li-montecarlo.ts';
import { parseCsv } from '../helpers/csv.ts';

const GEN = 'game-tree-lab test';

function record<K extends StudyRequest['kind']>(
  request: StudyRequest & { kind: K },
): { request: StudyRequest; result: Extract<StudyResult, { kind: K }>; generator: string } {
  let result: StudyResult | null = null;
  runStudyJob(request, (m) => {
    if (m.type === 'result') result = m.result;
    if (m.type === 'error') throw new Error(m.message);
  });
  return { request, result: result! as Extract<StudyResult, { kind: K }>, generator: GEN };
}

const num = (s: string) => Number(s);

describe('study CSV', () => {
  test('li-table: the provenance line, one row per table row, corrected / printed computation / thesis per column, the differing columns', () => {
    const r = record({ kind: 'li-table', table: '4.2' });
    const csv = parseCsv(studyCsv(r));
    expect(csv.comments[0]).toBe(`# li-table; Table 4.2; ${GEN}`);
    expect(csv.comments[1]).toBe(`# Li 1989 ${r.result.corrected.title}`);
    expect(csv.comments.filter((c) => c.startsWith('# erratum: ')).length).toBe(
      new Set([...r.result.printed.errata, ...r.result.corrected.errata]).size,
    );
    expect(csv.header.slice(0, 4)).toEqual(['p0', 'f1_corrected', 'f1_printed_computation', 'f1_thesis']);
    expect(csv.rows.length).toBe(r.result.corrected.rows.length);
    const cols = r.result.corrected.columns;
    const thesis = r.result.corrected.printed!;
    csv.rows.forEach((row, i) => {
      expect(num(row.p0)).toBe(r.result.corrected.rows[i].p0);
      expect(num(row.f1_corrected)).toBe(r.result.corrected.rows[i].f1);
      cols.forEach((c, j) => {
        expect(num(row[`${c}_corrected`])).toBe(r.result.corrected.rows[i].values[j]);
        expect(num(row[`${c}_printed_computation`])).toBe(r.result.printed.rows[i].values[j]);
        const t = thesis.rows[i].values[j];
        expect(row[`${c}_thesis`]).toBe(t === null ? '?' : String(t));
      });
    });
    // "differs" names exactly the library's disagreements of the corrected model with the thesis.
    const differs = csv.rows.flatMap((row, i) =>
      row.differs
        .split(' ')
        .filter(Boolean)
        .map((c) => `${i}:${c}`),
    );
    expect(differs.sort()).toEqual(
      compareWithPrinted(r.result.corrected)
        .disagreements.map((d) => `${d.row}:${d.column}`)
        .sort(),
    );
    expect(differs.length).toBeGreaterThan(0);
    // Fig. 3.2: no thesis numbers, the step as key.
    const fig = parseCsv(studyCsv(record({ kind: 'li-table', table: 'fig3.2' })));
    expect(fig.comments[0]).toBe(`# li-table; Fig. 3.2; ${GEN}`);
    expect(fig.header[0]).toBe('j');
    expect(fig.rows.every((row) => Object.entries(row).every(([k, v]) => !k.endsWith('_thesis') || v === ''))).toBe(
      true,
    );
  });

  test('li5: one row per (d, n) cell, our means and intervals next to the thesis numbers', () => {
    const r = record({ kind: 'li5', trees: 2, seed: 3 });
    const csv = parseCsv(studyCsv(r));
    expect(csv.comments[0]).toBe(`# li5; 2 trees per cell, seed 3; ${GEN}`);
    expect(csv.rows.length).toBe(16);
    csv.rows.forEach((row, k) => {
      const c = r.result.result.cells[k];
      expect([num(row.d), num(row.n)]).toEqual([c.d, c.n]);
      expect([num(row.terminals_mean), num(row.terminals_lo), num(row.terminals_hi)]).toEqual([
        c.terminals.mean,
        c.terminals.lo,
        c.terminals.hi,
      ]);
      expect(num(row.pab_mean)).toBe(c.pab.mean);
      expect([num(row.efficiency), num(row.efficiency_truncated)]).toEqual([
        c.efficiency.value,
        c.efficiency.truncated,
      ]);
      expect(row.efficiency_thesis).toBe(c.printed.efficiency === null ? '' : String(c.printed.efficiency));
      expect(num(row.pab_rab_mismatches)).toBe(c.pabRabMismatches);
    });
  });

  test("li-mc: one row, the estimate and its interval, the cell's three numbers and whether each is inside", () => {
    const t42 = record({ kind: 'li-table', table: '4.2' }).result;
    const view = buildLiTableView(t42.corrected, t42.printed);
    const target = monteCarloTarget(
      view,
      0,
      view.columns.findIndex((c) => c.name === 'N_6'),
    )!;
    const r = record({ kind: 'li-mc', target, trees: 200, seed: 4 });
    const csv = parseCsv(studyCsv(r));
    expect(csv.comments[0]).toBe(
      `# li-mc; li-4 ${target.quantity} at ${Object.entries(target.params)
        .map(([k, v]) => `${k} = ${v}`)
        .join(', ')}, 200 trees, seed 4; ${GEN}`,
    );
    expect(csv.rows.length).toBe(1);
    const [row] = csv.rows;
    const m = r.result.result;
    expect([num(row.mean), num(row.lo), num(row.hi), num(row.se)]).toEqual([m.mean, m.lo, m.hi, m.se]);
    expect([num(row.trees), num(row.seed), row.experiment]).toEqual([200, 4, 'li-4']);
    expect([num(row.corrected), row.corrected_inside, num(row.printed), row.printed_inside]).toEqual([
      target.corrected,
      String(m.inInterval.corrected),
      target.printed,
      String(m.inInterval.printed),
    ]);
    expect(row.thesis).toBe(String(target.thesis));
    // A quantity with a comma and quotes stays one field.
    const odd = record({ kind: 'li-mc', target: { ...target, quantity: 'N_6, "leaves"' }, trees: 20, seed: 1 });
    expect(parseCsv(studyCsv(odd)).rows[0].quantity).toBe('N_6, "leaves"');
  });

  test('c4: the solved position, its score and the negamax calls', () => {
    const r = record({ kind: 'c4', moves: '4455443', step: 'final', weak: false });
    const lib = new Solver().solve(Position.parse('4455443'), 'final');
    const csv = parseCsv(studyCsv(r));
    expect(csv.comments).toEqual([`# c4; moves 4455443, step final; ${GEN}`]);
    expect(csv.header).toEqual(['moves', 'stones', 'step', 'weak', 'score', 'visited', 'ms']);
    expect(csv.rows).toEqual([
      {
        moves: '4455443',
        stones: '7',
        step: 'final',
        weak: 'false',
        score: String(lib.score),
        visited: String(lib.visited),
        ms: String(r.result.result.ms),
      },
    ]);
  });

  test("match: this match beside Rivest's Table 2, the openings named", () => {
    const r = record({ kind: 'match', limit: { kind: 'moves', n: 80 }, plies: 2, count: 2, seed: 1 });
    const t = r.result.result.tally;
    const csv = parseCsv(studyCsv(r));
    expect(csv.comments[0]).toBe(`# match; 80 move calls per move, 2 opening plies, 2 openings, seed 1; ${GEN}`);
    expect(csv.comments[1]).toBe(
      `# openings (2, each played with both colours): ${r.result.result.openings.join(' ')}`,
    );
    expect(csv.rows.map((x) => x.source)).toEqual(['this match', 'Rivest 1987 Table 2']);
    const [ours, rivest] = csv.rows;
    expect(ours.limit).toBe('moves:80');
    expect([ours.games, ours.mm_wins, ours.ab_wins, ours.draws].map(num)).toEqual([4, t.mmWins, t.abWins, t.draws]);
    expect(t.mmWins + t.abWins + t.draws).toBe(4);
    expect([num(ours.mm_score), num(ours.mm_score_lo), num(ours.mm_score_hi)]).toEqual([
      t.score.p,
      t.score.lo,
      t.score.hi,
    ]);
    expect(num(ours.mm_score)).toBeCloseTo((t.mmWins + t.draws / 2) / 4, 12);
    expect([ours.mm_move_calls, ours.ab_move_calls].map(num)).toEqual([t.mm.moveCalls, t.ab.moveCalls]);
    expect([rivest.games, rivest.mm_wins, rivest.ab_wins, rivest.draws].map(num)).toEqual([
      490,
      RIVEST_TABLE2.moves.mmWins,
      RIVEST_TABLE2.moves.abWins,
      RIVEST_TABLE2.moves.draws,
    ]);
    expect(rivest.mm_moves).toBe('');
  });

  test('pathology: one row per method and depth, P(correct) with its interval', () => {
    const r = record({
      kind: 'pathology',
      spec: {
        model: { kind: 'uniform', degree: 2, height: 5 },
        noise: { kind: 'flip', e: 0.1 },
        trees: 60,
        seed: 1,
        exactLeaves: false,
      },
    });
    const res = r.result.result;
    const csv = parseCsv(studyCsv(r));
    expect(csv.comments).toEqual([
      `# pathology; uniform trees, degree 2, height 5, flip noise 0.1 (terminal nodes too), 60 trees, seed 1; ${GEN}`,
    ]);
    expect(csv.header).toEqual(['method', 'depth', 'p_correct', 'p_lo', 'p_hi', 'decisive', 'trees']);
    expect(csv.rows.length).toBe(res.series.length * 5);
    expect(res.series.map((s) => s.method)).toEqual(['minimax', 'althofer']);
    for (const s of res.series) {
      const mine = csv.rows.filter((x) => x.method === s.method);
      expect(mine.map((x) => num(x.depth))).toEqual([1, 2, 3, 4, 5]);
      expect(mine.map((x) => num(x.p_correct))).toEqual(s.p);
      expect(mine.map((x) => num(x.p_lo))).toEqual(s.lo);
      expect(mine.map((x) => num(x.p_hi))).toEqual(s.hi);
      expect(mine.every((x) => num(x.decisive) === res.decisive && num(x.trees) === 60)).toBe(true);
    }
  });

  test('a request of one kind with a result of another is refused; file names are the record id', () => {
    const c4 = record({ kind: 'c4', moves: '4455443', step: 'final', weak: true });
    expect(() => studyCsv({ ...c4, request: { kind: 'li5', trees: 2, seed: 1 } })).toThrow(
      /a li5 request with a c4 result/,
    );
    expect(studyFileName({ id: '20260101T000000-c4' } as StudyRecord, 'csv')).toBe('20260101T000000-c4.csv');
    expect(studyProvenance({ kind: 'c4', moves: '', step: 'final', weak: true }, 'g')).toBe(
      '# c4; moves (empty board), step final, weak; g',
    );
  });
});

/**
 * The Li P_AB / R_AB curves study (shared/li/li-pab-study.ts): every point checked against the trees
 * walked here (terminal nodes counted by a walk of this file, P_AB's and R_AB's visited terminals, which
 * must agree, per-tree means and the efficiency of the sums), the cells shared with Tables 5.1-5.3 equal
 * to that study's, the schema's ranges at the field, the CSV and History row of a kept record, the
 * figure's curves as SVG, and `gtlab study li-pab`.
 */
import { describe, expect, test } from 'vitest';
import { study } from '../../cli/commands/study.ts';
import { renderSvg } from '../../node/render-figure.ts';
import { parseStudyRecord, studyListing } from '../../shared/host/study-store.ts';
import { runStudyJob, type StudyMessage } from '../../shared/jobs/study-jobs.ts';
import { DnRandomTree, THESIS_DOMAIN } from '../../shared/li/chapter5/dn-random-tree.ts';
import { pAB } from '../../shared/li/chapter5/p-ab.ts';
import { reproduceLi5, li5TreeIndex } from '../../shared/li/chapter5/pruning-efficiency.ts';
import { rAB } from '../../shared/li/chapter5/r-ab.ts';
import type { VPTree } from '../../shared/li/chapter5/vp-tree.ts';
import type { LiPabRequest, LiPabStudyResult } from '../../shared/li/li-pab-study.ts';
import { STUDY_KINDS, StudyRequestSchema, type StudyResult } from '../../shared/studies/registry.ts';
import { studyCsv, studyFigureOption } from '../../shared/studies/study-exports.ts';
import { parseCsv } from '../helpers/csv.ts';
import { runCommand } from '../helpers/run-command.ts';
import { svgWords } from '../helpers/svg-words.ts';
import { GENERATOR } from '../../shared/version.ts';

const REQ: LiPabRequest = { kind: 'li-pab', n: 4, depth: 4, trees: 6, seed: 11 };

function run(req: LiPabRequest): { result: LiPabStudyResult; messages: StudyMessage[] } {
  const messages: StudyMessage[] = [];
  runStudyJob(req, (m) => messages.push(m));
  const last = messages.at(-1)!;
  if (last.type !== 'result') throw new Error(last.type === 'error' ? last.message : 'no result');
  return { result: last.result as LiPabStudyResult, messages };
}

/** Terminal nodes by a walk of the cursor (not the library's counter). */
function leaves(t: VPTree): number {
  const n = t.expand();
  if (n === 0) return 1;
  let s = 0;
  for (let j = 0; j < n; j++) {
    t.descend(j);
    s += leaves(t);
    t.ascend();
  }
  return s;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('Li P_AB / R_AB curves study', () => {
  test('is registered', () => {
    expect(STUDY_KINDS).toContain('li-pab');
  });

  test('each depth: the means of the trees walked here; P_AB and R_AB visit the same terminals; efficiency of the sums', () => {
    const { result, messages } = run(REQ);
    // Progress per depth, throttled: the last one says every depth is done.
    const progress = messages.filter((m) => m.type === 'progress') as { done: number; total: number }[];
    expect(progress.at(-1)).toMatchObject({ done: 4, total: 4 });
    expect(progress.every((p, k) => k === 0 || p.done > progress[k - 1].done)).toBe(true);
    const r = result.result;
    expect(r.points.map((p) => p.d)).toEqual([1, 2, 3, 4]);
    for (const p of r.points) {
      const trees = Array.from(
        { length: REQ.trees },
        (_, k) => () =>
          new DnRandomTree({ d: p.d, n: REQ.n, i: THESIS_DOMAIN, seed: REQ.seed, tree: li5TreeIndex(p.d, REQ.n, k) }),
      );
      const terminals = trees.map((t) => leaves(t()));
      const pab = trees.map((t) => pAB(t()).leaves);
      const rab = trees.map((t) => rAB(t()).leaves);
      const informed = trees.map((t) => pAB(t(), { informed: true }).leaves);
      expect(rab).toEqual(pab);
      expect(p.pabRabMismatches).toBe(0);
      for (const k of pab.keys()) {
        expect(pab[k]).toBeLessThanOrEqual(terminals[k]);
        expect(informed[k]).toBeLessThanOrEqual(pab[k]);
      }
      expect(p.terminals.mean).toBeCloseTo(mean(terminals), 12);
      expect(p.pab.mean).toBeCloseTo(mean(pab), 12);
      expect(p.rab.mean).toBeCloseTo(mean(rab), 12);
      expect(p.informed.mean).toBeCloseTo(mean(informed), 12);
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      expect(p.efficiency.value).toBeCloseTo(1 - sum(pab) / sum(terminals), 12);
      expect(p.terminals.lo).toBeLessThanOrEqual(p.terminals.mean);
      expect(p.terminals.hi).toBeGreaterThanOrEqual(p.terminals.mean);
    }
  });

  test('the cells of Tables 5.1-5.3 (d = 5, n = 4) are the same trees and numbers', () => {
    const curve = run({ kind: 'li-pab', n: 4, depth: 5, trees: 3, seed: 2 }).result.result.points[4];
    const table = reproduceLi5(3, 2, undefined, [5], [4]).cells[0];
    const { printed: _, ...cell } = table;
    expect(curve).toEqual(cell);
  });

  test('ranges are checked at the field with what is allowed', () => {
    const bad = StudyRequestSchema.safeParse({ ...REQ, n: 9 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].path).toEqual(['n']);
    expect(bad.error!.issues[0].message).toBe('9 is not allowed: it must be an integer in [2..8]');
    expect(StudyRequestSchema.safeParse({ ...REQ, trees: 1 }).success).toBe(false);
    expect(StudyRequestSchema.safeParse({ ...REQ, depth: 0 }).success).toBe(false);
    expect(StudyRequestSchema.safeParse({ ...REQ, extra: 1 }).success).toBe(false);
    expect(StudyRequestSchema.parse(REQ)).toEqual(REQ);
  });

  test('a kept record: its CSV (one row per depth), its History row (parameters, a figure)', () => {
    const { result } = run(REQ);
    const record = parseStudyRecord(
      JSON.parse(
        JSON.stringify({
          format: 'gtlab-study',
          version: 1,
          id: 'li-pab-1',
          request: REQ,
          result,
          createdAt: '2026-01-01T00:00:00Z',
          finishedAt: '2026-01-01T00:00:01Z',
          ms: 1,
          generator: 'g',
        }),
      ),
      'test',
    );
    expect(studyListing(record)).toMatchObject({
      kind: 'li-pab',
      summary: 'n 4, d 1..4, 6 trees per depth, seed 11',
      figure: true,
    });
    const csv = parseCsv(studyCsv(record));
    expect(csv.comments[0]).toBe('# li-pab; n 4, d 1..4, 6 trees per depth, seed 11; g');
    expect(csv.rows.map((r) => Number(r.d))).toEqual([1, 2, 3, 4]);
    csv.rows.forEach((row, i) => {
      const p = result.result.points[i];
      expect(Number(row.terminals_mean)).toBe(p.terminals.mean);
      expect(Number(row.pab_mean)).toBe(p.pab.mean);
      expect(Number(row.rab_mean)).toBe(p.rab.mean);
      expect(Number(row.informed_mean)).toBe(p.informed.mean);
      expect(Number(row.efficiency)).toBe(p.efficiency.value);
      expect(Number(row.pab_rab_mismatches)).toBe(0);
    });
  });

  test('the figure: terminals, P_AB and informed P_AB against d, drawn as SVG', () => {
    const { result } = run(REQ);
    const option = studyFigureOption(result as StudyResult, { fontFamily: 'DejaVu Sans' })!;
    const series = option.series as { name: string; data: [number, number][] }[];
    expect(series.map((s) => s.name)).toEqual([
      'terminal nodes',
      'visited by P_AB (= R_AB)',
      'visited by informed P_AB',
    ]);
    expect(series[1].data).toEqual(result.result.points.map((p) => [p.d, p.pab.mean]));
    const words = svgWords(renderSvg(option));
    for (const s of series) expect(words).toContain(s.name);
    expect(words).toContain('terminal nodes per tree');
  });

  test('gtlab study li-pab: flags from the schema, the CSV on stdout; a value out of range names its flag', async () => {
    const ok = await runCommand(study, ['li-pab', '--n', '4', '--depth', '4', '--trees', '6', '--seed', '11'], {
      quietStderr: true,
    });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(studyCsv({ request: REQ, result: run(REQ).result, generator: GENERATOR }));
    await expect(
      runCommand(study, ['li-pab', '--n', '9', '--depth', '4', '--trees', '6', '--seed', '1']),
    ).rejects.toThrow('--n 9 is not allowed: it must be an integer in [2..8]');
  });
});

/**
 * Tidy CSV of every kind of study (the Studies tab's exports and History's): one row per observation
 * (a table row, a (d, n) cell, a Monte-Carlo check, a solved position, a match, a method at a depth),
 * numbers at full precision, under a provenance line `# <kind>; <parameters>; <generator>` in the
 * style of ./results-csv.ts (more `#` lines may follow: a title, errata, the openings played). RFC 4180
 * quoting. The one home of the Li tables' CSV, too.
 */
import type { StudyRecord } from '../api/contract.ts';
import { RIVEST_TABLE2, rivestScore } from '../experiments/match-play.ts';
import type { PathologyResult } from '../experiments/pathology.ts';
import {
  studyParameters,
  type C4Result,
  type MatchResult,
  type OthelloResult,
  type StudyRequest,
} from '../jobs/study-jobs.ts';
import type { Li5Result } from '../li/chapter5/pruning-efficiency.ts';
import type { LiFigureId, LiTableId } from '../li/li-table.ts';
import { buildLiTableView, type LiTableView } from '../li/li-table-view.ts';
import type { McResult } from '../li/monte-carlo-cell.ts';
import { csvCell } from './results-csv.ts';

/** The provenance line every study CSV starts with. */
export function studyProvenance(request: StudyRequest, generator: string): string {
  return `# ${request.kind}; ${studyParameters(request)}; ${generator}`;
}

const row = (fields: readonly unknown[]) => fields.map(csvCell).join(',');
const text = (lines: readonly string[]) => `${lines.join('\n')}\n`;
/** a thesis number as the tables show it: empty where it prints none, "?" where the OCR lost it */
const thesisCell = (x: number | null | undefined) => (x === undefined ? '' : x === null ? '?' : String(x));

/**
 * A Li table as shown (../li/li-table-view.ts): per row the keys, then per column the corrected number,
 * the printed computation's and the thesis's, and the columns where corrected ≠ thesis.
 */
export function liTableCsv(view: LiTableView, generator: string): string {
  const head: string[] = [...view.keys];
  for (const c of view.columns) head.push(`${c.name}_corrected`, `${c.name}_printed_computation`, `${c.name}_thesis`);
  head.push('differs');
  const lines = [
    studyProvenance({ kind: 'li-table', table: view.table as LiTableId | LiFigureId }, generator),
    `# Li 1989 ${view.title}`,
    '# corrected = the model as the thesis defines it; printed_computation = the computation behind the printed numbers (errata); thesis = the printed number',
    ...view.errata.map((e) => `# erratum: ${e}`),
    row(head),
  ];
  for (const r of view.rows) {
    const f: string[] = [];
    for (const k of view.keys) f.push(String(k === 'p0' ? r.p0 : r.step));
    r.cells.forEach((c) => f.push(String(c.corrected), String(c.printedComp), thesisCell(c.thesis)));
    f.push(
      view.columns
        .filter((_, j) => r.cells[j].differs)
        .map((c) => c.name)
        .join(' '),
    );
    lines.push(row(f));
  }
  return text(lines);
}

/** Tables 5.1-5.3: one row per (d, n) cell, our per-tree means with 95 % intervals and the thesis's numbers. */
export function li5Csv(r: Li5Result, generator: string): string {
  const lines = [
    studyProvenance({ kind: 'li5', trees: r.trees, seed: r.seed }, generator),
    `# Li 1989 ${r.title}`,
    'd,n,terminals_mean,terminals_lo,terminals_hi,terminals_thesis_per_tree,pab_mean,pab_lo,pab_hi,pab_thesis_per_tree,rab_mean,informed_mean,efficiency,efficiency_lo,efficiency_hi,efficiency_truncated,efficiency_thesis,pab_rab_mismatches',
  ];
  for (const c of r.cells) {
    lines.push(
      row([
        c.d,
        c.n,
        c.terminals.mean,
        c.terminals.lo,
        c.terminals.hi,
        c.printed.terminalsPerTree,
        c.pab.mean,
        c.pab.lo,
        c.pab.hi,
        c.printed.visitedPerTree,
        c.rab.mean,
        c.informed.mean,
        c.efficiency.value,
        c.efficiency.lo,
        c.efficiency.hi,
        c.efficiency.truncated,
        c.printed.efficiency,
        c.pabRabMismatches,
      ]),
    );
  }
  return text(lines);
}

/** A Monte-Carlo check of one cell: the estimate with its interval next to the cell's three numbers. */
function liMcCsv(request: StudyRequest & { kind: 'li-mc' }, r: McResult, generator: string): string {
  const t = r.target;
  return text([
    studyProvenance(request, generator),
    'experiment,quantity,p0,f1,f2,k,d,h,trees,seed,mean,se,lo,hi,half95,corrected,corrected_inside,printed,printed_inside,thesis,thesis_inside,digits',
    row([
      t.experiment,
      t.quantity,
      t.params.p0,
      t.params.f1,
      t.params.f2,
      t.params.k,
      t.params.d,
      t.params.h,
      r.trees,
      r.seed,
      r.mean,
      r.se,
      r.lo,
      r.hi,
      r.half95,
      t.corrected,
      r.inInterval.corrected,
      t.printed,
      r.inInterval.printed,
      thesisCell(t.thesis),
      r.inInterval.thesis,
      t.digits,
    ]),
  ]);
}

/** A solved Connect-Four position (Pons' score convention, negamax calls). */
function c4Csv(request: StudyRequest & { kind: 'c4' }, r: C4Result, generator: string): string {
  return text([
    studyProvenance(request, generator),
    'moves,stones,step,weak,score,visited,ms',
    row([r.moves, r.stones, r.step, r.weak, r.score, r.visited, r.ms]),
  ]);
}

/** A solved Othello position: score, best move, the table's line, nodes, time and the file's expected score. */
export function othelloCsv(request: StudyRequest & { kind: 'othello' }, r: OthelloResult, generator: string): string {
  return text([
    studyProvenance(request, generator),
    'position,empties,algorithm,ordering,weak,score,expected,best_move,line,nodes,move_nodes,seconds,nodes_per_second',
    row([
      r.position,
      r.empties,
      r.algorithm,
      r.ordering,
      r.weak,
      r.score,
      r.expected ?? '',
      r.bestMoveName,
      r.line.join(' '),
      r.nodes,
      r.moveNodes,
      r.seconds,
      r.nodesPerSecond,
    ]),
  ]);
}

/**
 * A match, MM (min/max approximation) against AB (alpha-beta): a row for this match (results, MM's score
 * with its 95 % Wilson interval, each player's moves, move calls, time and depth summed over its moves)
 * and one for Rivest's Table 2 under the same kind of limit; the openings in a `#` line.
 */
function matchCsv(request: StudyRequest & { kind: 'match' }, r: MatchResult, generator: string): string {
  const t = r.tally;
  const rv = RIVEST_TABLE2[t.limit.kind];
  const rs = rivestScore(t.limit.kind);
  const limit = t.limit.kind === 'moves' ? `moves:${t.limit.n}` : `time:${t.limit.ms}`;
  return text([
    studyProvenance(request, generator),
    `# openings (${r.openings.length}, each played with both colours): ${r.openings.map((o) => o || '(empty board)').join(' ')}`,
    'source,limit,games,mm_wins,ab_wins,draws,mm_score,mm_score_lo,mm_score_hi,mm_moves,mm_move_calls,mm_ms,mm_depth_sum,ab_moves,ab_move_calls,ab_ms,ab_depth_sum',
    row([
      'this match',
      limit,
      t.games,
      t.mmWins,
      t.abWins,
      t.draws,
      t.score.p,
      t.score.lo,
      t.score.hi,
      t.mm.moves,
      t.mm.moveCalls,
      t.mm.ms,
      t.mm.depth,
      t.ab.moves,
      t.ab.moveCalls,
      t.ab.ms,
      t.ab.depth,
    ]),
    row([
      'Rivest 1987 Table 2',
      t.limit.kind,
      rv.mmWins + rv.abWins + rv.draws,
      rv.mmWins,
      rv.abWins,
      rv.draws,
      rs.p,
      rs.lo,
      rs.hi,
      ...Array<null>(8).fill(null),
    ]),
  ]);
}

/** P(correct move) per method and search depth with its 95 % Wilson interval, over the decisive roots. */
function pathologyCsv(request: StudyRequest & { kind: 'pathology' }, r: PathologyResult, generator: string): string {
  const lines = [studyProvenance(request, generator), 'method,depth,p_correct,p_lo,p_hi,decisive,trees'];
  for (const s of r.series)
    r.depths.forEach((d, i) => lines.push(row([s.method, d, s.p[i], s.lo[i], s.hi[i], r.decisive, r.trees])));
  return text(lines);
}

/** The CSV of a kept study, whatever its kind. */
export function studyCsv(record: Pick<StudyRecord, 'request' | 'result' | 'generator'>): string {
  const { request: q, result: r, generator: g } = record;
  if (q.kind !== r.kind) throw new RangeError(`study: a ${q.kind} request with a ${r.kind} result`);
  switch (r.kind) {
    case 'li-table':
      return liTableCsv(buildLiTableView(r.corrected, r.printed), g);
    case 'li5':
      return li5Csv(r.result, g);
    case 'li-mc':
      return liMcCsv(q as StudyRequest & { kind: 'li-mc' }, r.result, g);
    case 'c4':
      return c4Csv(q as StudyRequest & { kind: 'c4' }, r.result, g);
    case 'othello':
      return othelloCsv(q as StudyRequest & { kind: 'othello' }, r.result, g);
    case 'match':
      return matchCsv(q as StudyRequest & { kind: 'match' }, r.result, g);
    case 'pathology':
      return pathologyCsv(q as StudyRequest & { kind: 'pathology' }, r.result, g);
  }
}

/** A kept study's export file name: its id (a UTC stamp and the kind) and the extension. */
export function studyFileName(record: Pick<StudyRecord, 'id'>, ext: string): string {
  return `${record.id}.${ext}`;
}

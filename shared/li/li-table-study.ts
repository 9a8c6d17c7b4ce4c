/**
 * The study of one of Li's tables (Li 1989, Tables 2.1-4.3) or Fig. 3.2, computed in both modes: the
 * model as the thesis defines it (corrected) and the computation behind the printed numbers (../li/).
 * The CSV holds, per row, the corrected number, the printed computation's and the thesis's. Its figure is
 * the table typeset as the thesis prints it, ours beside the thesis's numbers (./li-table-figure.ts), and
 * for Fig. 3.2 the error probabilities (α_j, β_j) after j two-ply back-ups drawn as curves.
 */
import { z } from 'zod';
import { seriesColor } from '../figures/figure-style.ts';
import { buildLiTableView, type LiTableView } from './li-table-view.ts';
import { liTableFigureOption } from './li-table-figure.ts';
import { LI_FIGURES, LI_TABLES, type LiFigureId, type LiTableId, type LiTableResult } from './li-table.ts';
import { reproduceLiTable } from './reproduce.ts';
import { strictObject } from '../util/strict-object.ts';
import { csvRow, csvText, provenanceLine, thesisCell } from '../studies/csv-rows.ts';
import { LI_TAB } from './li-tab.ts';
import { defineStudy } from '../studies/study-descriptor.ts';

interface LiTableRequest {
  kind: 'li-table';
  table: LiTableId | LiFigureId;
}
interface LiTableStudyResult {
  kind: 'li-table';
  corrected: LiTableResult;
  printed: LiTableResult;
}

const TABLES = [...LI_TABLES, ...LI_FIGURES] as const;

function summary(q: { table: LiTableId | LiFigureId }): string {
  return q.table.startsWith('fig') ? `Fig. ${q.table.slice(3)}` : `Table ${q.table}`;
}

/**
 * A Li table as shown (../li/li-table-view.ts): per row the keys, then per column the corrected number,
 * the printed computation's and the thesis's, and the columns where corrected ≠ thesis.
 */
export function liTableCsv(view: LiTableView, generator: string): string {
  const table = view.table as LiTableId | LiFigureId;
  return tableCsv(view, provenanceLine('li-table', summary({ table }), generator));
}

function tableCsv(view: LiTableView, provenance: string): string {
  const head: string[] = [...view.keys];
  for (const c of view.columns) head.push(`${c.name}_corrected`, `${c.name}_printed_computation`, `${c.name}_thesis`);
  head.push('differs');
  const lines = [
    provenance,
    `# Li 1989 ${view.title}`,
    '# corrected = the model as the thesis defines it; printed_computation = the computation behind the printed numbers (errata); thesis = the printed number',
    ...view.errata.map((e) => `# erratum: ${e}`),
    csvRow(head),
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
    lines.push(csvRow(f));
  }
  return csvText(lines);
}

/**
 * Fig. 3.2 as the thesis draws it: α_j and β_j against the number j of two-ply back-ups, one line each
 * (the corrected model; the figure prints no numbers, so there is no thesis series to set beside it).
 */
function figure32Option(r: LiTableResult, o: { fontFamily?: string }): Record<string, unknown> {
  const font = o.fontFamily ?? 'sans-serif';
  const names: Record<string, string> = { alpha: 'α: Max errs', beta: 'β: Min errs' };
  return {
    animation: false,
    textStyle: { fontFamily: font },
    title: {
      text: r.title.replace(/:.*/, ': error probabilities after j two-ply back-ups'),
      subtext: `f1 = f2 = ${r.rows[0].f1}, (α, β) = (${r.rows[0].values.join(', ')}) at j = 0; Li 1989 (3.1)-(3.2)`,
      left: 'center',
      textStyle: { fontFamily: font, fontSize: 14 },
      subtextStyle: { fontFamily: font },
    },
    tooltip: { trigger: 'axis' },
    legend: { data: r.columns.map((c) => names[c] ?? c), bottom: 0, textStyle: { fontFamily: font } },
    grid: { left: 70, right: 30, top: 70, bottom: 80 },
    xAxis: {
      type: 'value',
      name: 'two-ply back-ups j',
      nameLocation: 'middle',
      nameGap: 28,
      min: 0,
      max: r.rows.length - 1,
      nameTextStyle: { fontFamily: font },
    },
    yAxis: {
      type: 'value',
      name: 'error probability',
      nameLocation: 'middle',
      nameGap: 50,
      min: 0,
      nameTextStyle: { fontFamily: font },
    },
    series: r.columns.map((c, k) => ({
      name: names[c] ?? c,
      type: 'line',
      color: seriesColor(k),
      symbol: 'circle',
      symbolSize: 5,
      lineStyle: { width: 2 },
      data: r.rows.map((row) => [row.step, row.values[k]]),
    })),
  };
}

export const liTableStudy = defineStudy<LiTableRequest, LiTableStudyResult>({
  kind: 'li-table',
  title: 'Li table',
  tab: LI_TAB,
  description: "one of Li's tables (2.1 … 4.3) or Fig. 3.2, as the thesis defines the model and as it computed it",
  schema: strictObject({
    kind: z.literal('li-table'),
    table: z.enum(TABLES).meta({ label: 'Table', allowed: `one of ${TABLES.join(', ')}`, choices: TABLES }),
  }),
  models: ['li'],
  example: { kind: 'li-table', table: 'fig3.2' },
  summary,
  run: (q) => ({
    kind: 'li-table',
    corrected: reproduceLiTable(q.table, 'corrected'),
    printed: reproduceLiTable(q.table, 'printed'),
  }),
  csv: (_q, r, provenance) => tableCsv(buildLiTableView(r.corrected, r.printed), provenance),
  figure: (r, o) =>
    r.corrected.table === 'fig3.2'
      ? figure32Option(r.corrected, o)
      : liTableFigureOption(buildLiTableView(r.corrected, r.printed), o),
  replacesKept: (next, kept) => next.table === kept.table,
});

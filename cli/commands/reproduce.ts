/**
 * `gtlab reproduce li-TABLE [--mode corrected|printed] [--json]`: a table of Li's thesis (Tables
 * 2.1-4.3, Fig. 3.2) computed exactly, as the thesis defines the model (corrected) or as it was printed
 * (errata named), side by side with the transcribed printed numbers.
 */
import { checked, choice, type Flags, parse } from '../args.ts';
import { type CommandFlags, commandFlagOptions } from '../command-flags.ts';
import { flagValue, requestFlag } from '../study-flags.ts';
import { UsageError } from '../usage-error.ts';
import { reproduceLi5, reproduceLiTable } from '../../shared/li/reproduce.ts';
import type { Li5Result } from '../../shared/li/chapter5/pruning-efficiency.ts';
import { compareWithPrinted, withinPrinted } from '../../shared/li/compare.ts';
import { li5Study } from '../../shared/li/li5-study.ts';
import { liTableStudy } from '../../shared/li/li-table-study.ts';
import {
  LI_FIGURES,
  LI_MODES,
  LI_TABLES,
  type LiFigureId,
  type LiTableId,
  type LiTableResult,
} from '../../shared/li/li-table.ts';
import { quoted } from '../../shared/util/quoted.ts';

const NAMES = [...[...LI_TABLES, ...LI_FIGURES].map((t) => `li-${t}`), 'li-5'];

/** li-5's flags: the fields of the study of Tables 5.1-5.3 (shared/li/li5-study.ts). */
const TREES = requestFlag(li5Study.schema, 'trees');
const SEED = requestFlag(li5Study.schema, 'seed');

/**
 * li-5's flags, and the command's own: which mode of a table to show (the li-table study computes both)
 * and the JSON output; the table is the argument.
 */
export const REPRODUCE_FLAGS: CommandFlags = {
  requests: [liTableStudy.schema, li5Study.schema],
  study: [TREES, SEED],
  values: ['mode'],
  switches: ['json'],
};

export const REPRODUCE_HELP = `gtlab reproduce li-TABLE [--mode corrected|printed] [--json]
       gtlab reproduce li-5 [--trees N] [--seed S] [--json]

Reproduce a table of Li, "Probabilistic Analysis of Search" (1989) with exact computations.
TABLE: ${[...LI_TABLES, ...LI_FIGURES].join(', ')}
  2.1  stationary (f1, f2) pairs, Lemma 2.2 (values P_1..P_8 by (2.7))
  2.2  R_1..R_8, average number of win leaves
  3.x  D(1..h, h), probability of a correct decision (one row per printed column, with PS)
  4.x  N_6..N_10, expected leaves visited by alpha-beta with window [0, 1]
  fig3.2  error probabilities (α_j, β_j) of Fig. 3.2
  5    Tables 5.1-5.3 by Monte-Carlo: (d, n)-random trees for d = 5..8, n = 4..7, terminals, terminals
       visited by P_AB and R_AB (means, 95 % intervals), efficiency 1 − T5.2/T5.1 (truncated as
       printed), next to the printed tables (the thesis's ten trees per cell came from unknown seeds)

  --mode M               corrected (default): the model as the thesis defines it;
                         printed: the computation behind the printed numbers, its errata listed
  ${TREES.help}; li-5 only
  ${SEED.help}; li-5 only
  --json                 print {"table", "mode", "rows": [{"p0"?, "f1", "f2", "values"}], "errata", "printed", ...};
                         li-5: {"table": "5", "trees", "seed", "cells": [{"d", "n", "terminals", "pab", "rab",
                         "informed", "efficiency", "printed", ...}], "trends", "notes"}

Exit code: 0 when computed, whatever the printed numbers say (they differ where the thesis erred; the
errata are listed); li-5: 1 when R_AB visited other terminals than P_AB on some tree (the two must
agree: column R_AB=P_AB says NO); 2 for bad input.
`;

export async function reproduce(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(argv, commandFlagOptions(REPRODUCE_FLAGS), REPRODUCE_HELP);
  if (positionals.length !== 1) throw new UsageError(`reproduce takes exactly one table: ${NAMES.join(', ')}`);
  const name = positionals[0];
  if (!NAMES.includes(name))
    throw new UsageError(`table ${quoted(name)} is not allowed: use one of ${NAMES.join(', ')}`);
  const mode = choice(flags, 'mode', LI_MODES, 'corrected');
  if (name === 'li-5') return li5(flags, mode);
  for (const f of [TREES, SEED])
    if (flags[f.name] !== undefined) throw new UsageError(`--${f.name} applies to li-5 only`);
  const result = checked(() => reproduceLiTable(name.slice(3) as LiTableId | LiFigureId, mode));
  if (flags.json) {
    const c = result.printed ? compareWithPrinted(result) : null;
    const comparison = c && {
      compared: c.compared,
      missing: c.missing,
      agreeing: c.agreeing,
      maxAbs: c.maxAbs,
      maxRel: c.maxRel,
      disagreements: c.disagreements.length,
    };
    process.stdout.write(`${JSON.stringify({ ...result, ...(comparison ? { comparison } : {}) })}\n`);
  } else {
    process.stdout.write(readable(result));
  }
  return 0;
}

/** Rows with the computed numbers; a cell that does not round to the printed number shows it in [ ]. */
function readable(r: LiTableResult): string {
  const digits = r.printed?.digits ?? 5;
  const fd = r.printed?.factorDigits ?? 3;
  const fmt = (x: number) => (r.table === 'fig3.2' ? x.toPrecision(4) : x.toFixed(digits));
  const cell = (x: number, printed: number | null | undefined, dig: number, f: (v: number) => string) =>
    printed === undefined
      ? f(x)
      : printed === null
        ? `${f(x)}[?]`
        : withinPrinted(x, printed, dig)
          ? f(x)
          : `${f(x)}[${printed.toFixed(dig)}]`;
  const head = [
    ...(r.rows.some((x) => x.p0 !== undefined) ? ['p0'] : []),
    ...(r.table === 'fig3.2' ? ['j'] : []),
    'f1',
    'f2',
    ...r.columns,
    ...(r.rows.some((x) => x.ps !== undefined) ? ['PS'] : []),
  ];
  const lines = r.rows.map((row, i) => {
    const pr = r.printed?.rows[i];
    return [
      ...(row.p0 !== undefined ? [row.p0.toFixed(3)] : []),
      ...(row.step !== undefined ? [String(row.step)] : []),
      cell(row.f1, pr?.f1, fd, (v) => v.toFixed(fd)),
      cell(row.f2, pr?.f2, fd, (v) => v.toFixed(fd)),
      ...row.values.map((v, j) => cell(v, pr ? pr.values[j] : undefined, digits, fmt)),
      ...(row.ps !== undefined ? [cell(row.ps, pr?.ps, digits, fmt)] : []),
    ];
  });
  const widths = head.map((h, j) => Math.max(h.length, ...lines.map((l) => l[j].length)));
  const row = (cells: string[]) => cells.map((c, j) => c.padStart(widths[j])).join('  ');
  const out = [`${r.title} (${r.mode})`, row(head), ...lines.map(row)];
  if (r.printed) {
    const c = compareWithPrinted(r);
    out.push(`[x] = the thesis's printed number where the computed one does not round to it; [?] = lost in the OCR`);
    out.push(
      `printed cells: ${c.agreeing} of ${c.compared} agree at the printed precision (${c.missing} missing); max |Δ| ${c.maxAbs.toPrecision(4)}, max relative ${c.maxRel.toPrecision(3)} over the values`,
    );
  }
  for (const e of r.errata) out.push(`erratum: ${e}`);
  for (const n of r.notes) out.push(`note: ${n}`);
  return `${out.join('\n')}\n`;
}

/** li-5: the Monte-Carlo grid of Tables 5.1-5.3 (the mode does not change it: the printed tables are data). */
function li5(flags: Flags, mode: string): number {
  const trees = flagValue(TREES, flags) as number;
  const seed = flagValue(SEED, flags) as number;
  const r = checked(() =>
    reproduceLi5(
      trees,
      seed,
      (done, total) => process.stderr.isTTY && process.stderr.write(`  cell ${done}/${total}\r`),
    ),
  );
  if (flags.json) process.stdout.write(`${JSON.stringify({ ...r, mode })}\n`);
  else process.stdout.write(readable5(r));
  const apart = r.cells.filter((c) => c.pabRabMismatches > 0);
  if (apart.length === 0) return 0;
  process.stderr.write(
    `reproduce li-5: R_AB visited other terminals than P_AB in ${apart.map((c) => `(d ${c.d}, n ${c.n}): ${c.pabRabMismatches} trees`).join(', ')}\n`,
  );
  return 1;
}

function readable5(r: Li5Result): string {
  const f0 = (x: number) => x.toFixed(1);
  const out = [`${r.title}; ${r.trees} trees per cell, seed ${r.seed} (thesis: 10 trees, totals)`];
  out.push(
    ' d  n   terminals/tree (printed/10)      P_AB visited/tree (printed/10)   R_AB=P_AB  informed   efficiency [95 %]   trunc (printed 5.3)',
  );
  for (const c of r.cells) {
    const p = c.printed;
    out.push(
      [
        String(c.d).padStart(2),
        String(c.n).padStart(2),
        `${f0(c.terminals.mean)} ± ${f0(c.terminals.half95)} (${p.terminalsPerTree ?? '?'}${p.terminalsInInterval === false ? '*' : ''})`.padEnd(
          32,
        ),
        `${f0(c.pab.mean)} ± ${f0(c.pab.half95)} (${p.visitedPerTree ?? '?'}${p.visitedInInterval === false ? '*' : ''})`.padEnd(
          32,
        ),
        (c.pabRabMismatches === 0 ? 'yes' : `NO (${c.pabRabMismatches})`).padEnd(9),
        f0(c.informed.mean).padStart(8),
        `  ${c.efficiency.value.toFixed(3)} [${c.efficiency.lo.toFixed(3)}, ${c.efficiency.hi.toFixed(3)}]`,
        `  ${c.efficiency.truncated.toFixed(2)} (${p.efficiency?.toFixed(2) ?? '?'})`,
      ].join(' '),
    );
  }
  out.push('* = the printed per-tree mean lies outside our 95 % interval');
  const t = r.trends;
  out.push(
    `efficiency grows with n in ${t.ours.widthIncreasing} of 12 neighbouring pairs and with d in ${t.ours.depthIncreasing} of 12 (printed Table 5.3: ${t.printed.widthIncreasing} and ${t.printed.depthIncreasing})`,
  );
  for (const n of r.notes) out.push(`note: ${n}`);
  return `${out.join('\n')}\n`;
}

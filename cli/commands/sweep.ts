/**
 * `gtlab sweep SWEEP|PRESET --out DIR [--launcher local|slurm] …` and `gtlab sweep summarize DIR …`:
 * run every cell of a sweep (shared/experiments/sweep.ts) as a run folder DIR/cells/<slug>/ — locally one
 * after another on the worker pool (a finished cell is skipped, a partial one resumed: run the command
 * again), or on Slurm as one array over (cell, shard) pairs and one job merging every cell — and
 * summarise the cells as one tidy table and a figure (a heatmap over two swept parameters, or the
 * reduction against one). The sweep's folder is locked while a sweep writes it (each cell's run locks
 * the cell too); a stop signal ends the cell being run (./run.ts) and the sweep with it.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Flags, checked, checkedAsync, choice, int, parse, requireStr, str, flagOptions } from '../args.ts';
import { readText, writeAtomically } from '../files.ts';
import { confirmRunSize, YES_HELP } from '../run-size.ts';
import { estimateRun } from '../../shared/experiments/run-estimate.ts';
import { availableParallelism } from 'node:os';
import { UsageError } from '../usage-error.ts';
import { runSpec } from './run.ts';
import { stopRequested, watchStopSignals } from '../stop-signals.ts';
import { lockRunFolder } from '../../node/run-folder-lock.ts';
import { SCRIPT_FLAGS, scriptOptions } from './slurm.ts';
import {
  expandSweep,
  figureAxes,
  SweepError,
  sweepAxes,
  type Sweep,
  type SweepCell,
} from '../../shared/experiments/sweep.ts';
import { SWEEP_PRESETS, sweepPresetNames } from '../../shared/experiments/sweep-presets.ts';
import { cellRows, productParts, sweepCsv, variedAxes, type SweepRow } from '../../shared/furtak-buro/sweep-summary.ts';
import { sweepFigureOption } from '../../shared/furtak-buro/sweep-figure.ts';
import { RunFolder, type RunRecord } from '../../node/run-folder.ts';
import { makeFolder, writeFileWhole, writeJsonWhole } from '../../node/storage.ts';
import { readJsonFile } from '../../node/json-file.ts';
import { runRecordProblem } from '../../node/run-record-check.ts';
import { parseSweepRecord, type SweepRecord } from '../../shared/experiments/sweep-record.ts';
import { FormatError } from '../../shared/io/format-error.ts';
import { writeSetSpec, checkSet } from '../../node/shard-set.ts';
import { logsDir, slurmDir, sweepArraySbatch, sweepMergeSbatch } from '../../node/slurm-scripts.ts';
import { readJobs, requireSbatch, submitArrayAndMerge, type SlurmJobs } from '../../node/slurm-submit.ts';
import { FIGURE_FONT, renderFigure, type FigureFormat } from '../../node/render-figure.ts';
import { MAX_SHARDS } from '../../shared/experiments/shard.ts';
import { GENERATOR } from '../../shared/version.ts';
import { quoted } from '../../shared/util/quoted.ts';

const SWEEP_HELP = `gtlab sweep SWEEP.json|PRESET --out DIR [flags]
gtlab sweep summarize DIR [--out table.csv|figure.svg|figure.pdf|figure.png] [--x PATH] [--y PATH] [--json]

A sweep (format "gtlab-sweep", version 1) is a base spec or preset and a grid over spec paths:
  {"format": "gtlab-sweep", "version": 1, "name": "…", "base": "furtak-buro-fig4",
   "grid": {"model.noise.e": [0, 2, 4], "model.bmin,model.bmax": [[2, 4], [4, 12]]}, "cells": [{…}]}
Every combination of the grid's axes is a cell (an axis of several comma-joined paths moves them
together); "cells" adds explicit ones. Each cell is a run folder DIR/cells/<slug>/ with its spec.
Presets: ${sweepPresetNames().join(', ')}.

  --launcher L          local (default): the cells one after another on --workers W processes; run the
                        command again to resume (finished cells are skipped)
                        slurm: one array job over (cell, shard) pairs, --tasks-per-cell K shards per
                        cell, and one job merging every cell; takes gtlab slurm submit's --partition,
                        --time, --cpus-per-task, --mem, --max-parallel, --sbatch-arg, --dry-run
  --workers W           local worker processes (default: cores − 1)
  --tasks-per-cell K    Slurm shards per cell (default 1)
  --json                print {"out","cells":[{"slug","params","status"}]} (slurm: the job ids)
${YES_HELP.replace(/^ {2}--yes {10}/, '  --yes               ').replace(/\n {19}/g, '\n                        ')}

summarize: one row per cell and series (the swept parameters as columns; nodes ÷ MPG at the deepest
depth and FCF's reduction against value only, with 95 % intervals); --out .csv writes the table, .svg
.pdf .png a figure: the reduction over --x and --y (default: the first two swept paths; cells that differ
only in others are averaged) as a heatmap per algorithm, or against --x alone as lines. An axis may be
a product of swept paths joined by * (--y ttMove*model.horizon): its categories are their combinations.
Values that are not numbers (readings such as "expanded") are categories in the sweep's order.
`;

const cellsDir = (out: string) => join(out, 'cells');

function loadSweep(arg: string): { sweep: Sweep; cells: SweepCell[] } {
  const preset = SWEEP_PRESETS.find((p) => p.name === arg);
  try {
    if (preset && !existsSync(arg)) return expandSweep(preset.sweep());
    if (!existsSync(arg))
      throw new UsageError(
        `${quoted(arg)}: no such sweep file, and not a sweep preset (${sweepPresetNames().join(', ')})`,
      );
    return expandSweep(readText(arg, 'sweep file'));
  } catch (e) {
    if (e instanceof SweepError) throw new UsageError(`${arg}: ${e.message}`);
    throw e;
  }
}

/** DIR/sweep.json: written once; a later command with another sweep is refused (nothing overwritten). */
function recordSweep(out: string, sweep: Sweep, cells: SweepCell[]): SweepRecord {
  const record: SweepRecord = {
    format: 'gtlab-sweep-run',
    version: 1,
    name: sweep.name,
    axes: sweepAxes(sweep),
    figureAxes: figureAxes(sweep),
    sweep,
    cells: cells.map(({ slug, params }) => ({ slug, params })),
  };
  const path = join(out, 'sweep.json');
  if (existsSync(path)) {
    const old = parseSweepRecord(readJsonFile(path), path);
    if (
      JSON.stringify(old.cells) !== JSON.stringify(record.cells) ||
      JSON.stringify(old.sweep) !== JSON.stringify(record.sweep)
    ) {
      throw new UsageError(`${out} holds another sweep (${path}): choose another --out`);
    }
    return old;
  }
  makeFolder(out);
  writeJsonWhole(path, record);
  return record;
}

function readRecord(dir: string): SweepRecord {
  const path = join(dir, 'sweep.json');
  if (!existsSync(path)) throw new UsageError(`${dir} is not a sweep folder: ${path} is missing`);
  return parseSweepRecord(readJsonFile(path), path);
}

/** A cell's state from its folder: done (a local or merged run completed), partial, or missing. */
function cellStatus(dir: string): 'done' | 'partial' | 'missing' {
  const path = join(dir, 'run.json');
  if (!existsSync(path)) return existsSync(dir) ? 'partial' : 'missing';
  const record = readJsonFile(path);
  const bad = runRecordProblem(record);
  if (bad) throw new FormatError(path, bad);
  return (record as RunRecord).status === 'completed' && existsSync(join(dir, 'summary.json')) ? 'done' : 'partial';
}

/** The spec a cell folder holds (a run's or a shard set's spec.json). */
function cellSpecOnDisk(dir: string): unknown {
  return readJsonFile(join(dir, 'spec.json'));
}

async function runLocal(out: string, cells: SweepCell[], flags: Flags): Promise<{ slug: string; status: string }[]> {
  const workers = int(flags, 'workers', 1, 256, Math.max(1, availableParallelism() - 1));
  const result: { slug: string; status: string }[] = [];
  makeFolder(join(out, 'specs'));
  for (const [k, c] of cells.entries()) {
    const dir = join(cellsDir(out), c.slug);
    if (existsSync(join(dir, 'spec.json')) && JSON.stringify(cellSpecOnDisk(dir)) !== JSON.stringify(c.spec)) {
      throw new UsageError(
        `${dir} holds a run of another spec than the sweep's cell ${c.slug}: move it away or choose another --out`,
      );
    }
    const before = cellStatus(dir);
    if (before !== 'done' && stopRequested())
      return [
        ...result,
        ...cells.slice(k).map((x) => ({ slug: x.slug, status: cellStatus(join(cellsDir(out), x.slug)) })),
      ];
    if (before !== 'done') {
      process.stderr.write(`cell ${k + 1}/${cells.length}: ${c.slug}\n`);
      const specFile = join(out, 'specs', `${c.slug}.json`);
      writeJsonWhole(specFile, c.spec);
      // The sweep's size was judged (and confirmed) once for all its cells.
      const code = await runSpec(dir, existsSync(join(dir, 'run.json')) ? null : c.spec, workers, {
        callerResumes: true,
      });
      if (code !== 0) {
        result.push({ slug: c.slug, status: 'partial' });
        // A stopped cell has said how to continue; a failed one is named here.
        if (!stopRequested())
          process.stderr.write(`gtlab: cell ${c.slug} did not complete; run the same command again to resume\n`);
        return [
          ...result,
          ...cells.slice(k + 1).map((x) => ({ slug: x.slug, status: cellStatus(join(cellsDir(out), x.slug)) })),
        ];
      }
    }
    result.push({ slug: c.slug, status: 'done' });
  }
  return result;
}

/** The cells not yet done, estimated one after another on the local workers, judged before anything is written. */
function judgeSweepSize(out: string, cells: SweepCell[], flags: Flags): void {
  const workers = flags.workers === undefined ? Math.max(1, availableParallelism() - 1) : int(flags, 'workers', 1, 256);
  const todo = cells.filter((c) => cellStatus(join(cellsDir(out), c.slug)) !== 'done');
  const est = todo
    .map((c) => estimateRun(c.spec, workers))
    .reduce((a, e) => ({ seconds: a.seconds + e.seconds, cpuSeconds: a.cpuSeconds + e.cpuSeconds }), {
      seconds: 0,
      cpuSeconds: 0,
    });
  confirmRunSize(
    est,
    `this sweep (${todo.length} cell${todo.length === 1 ? '' : 's'} to run on ${workers} worker${workers === 1 ? '' : 's'})`,
    flags,
  );
}

async function runSlurm(out: string, name: string, cells: SweepCell[], flags: Flags) {
  const perCell = int(flags, 'tasks-per-cell', 1, MAX_SHARDS, 1);
  for (const c of cells)
    if (perCell > c.spec.trees)
      throw new UsageError(
        `--tasks-per-cell ${perCell} is not allowed: cell ${c.slug} has ${c.spec.trees} trees (one shard per tree at most)`,
      );
  if (readJobs(out)) throw new UsageError(`${out} was submitted already: choose another --out`);
  const opts = scriptOptions(flags, out, cells.length * perCell);
  opts.name = `gtlab-sweep-${name}`.replace(/[^A-Za-z0-9_.-]+/g, '-');
  if (!flags['dry-run']) requireSbatch();
  for (const c of cells) {
    const dir = join(cellsDir(out), c.slug);
    checkSet(dir, c.spec, perCell);
    writeSetSpec(dir, c.spec);
  }
  makeFolder(logsDir(out));
  const slugs = cells.map((c) => c.slug);
  const scripts = [join(slurmDir(out), 'array.sbatch'), join(slurmDir(out), 'merge.sbatch')];
  writeFileWhole(scripts[0], sweepArraySbatch(opts, slugs, perCell));
  writeFileWhole(scripts[1], sweepMergeSbatch(opts, slugs));
  if (flags['dry-run']) return { arrayJobId: null, mergeJobId: null, scripts, dryRun: true };
  const jobs: SlurmJobs = {
    format: 'gtlab-slurm',
    version: 1,
    tasks: cells.length * perCell,
    maxParallel: opts.maxParallel ?? null,
    submissions: [],
  };
  const s = submitArrayAndMerge(out, jobs, null);
  return { arrayJobId: s.arrayJobId, mergeJobId: s.mergeJobId, scripts, dryRun: false };
}

/** One row per cell and series from the cells' run folders (cells without a finished run are left out and named). */
function sweepRows(dir: string, record: SweepRecord): { rows: SweepRow[]; missing: string[] } {
  const rows: SweepRow[] = [];
  const missing: string[] = [];
  for (const c of record.cells) {
    const cdir = join(cellsDir(dir), c.slug);
    if (cellStatus(cdir) !== 'done') missing.push(c.slug);
    else {
      const folder = RunFolder.open(cdir);
      const { lines, torn } = folder.readLines();
      if (torn) process.stderr.write(`gtlab: ${torn}\n`);
      rows.push(...cellRows(c, folder.spec, lines));
    }
  }
  return { rows, missing };
}

async function summarize(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(
    argv,
    { out: { type: 'string' }, x: { type: 'string' }, y: { type: 'string' }, json: { type: 'boolean' } },
    SWEEP_HELP,
  );
  if (positionals.length !== 1)
    throw new UsageError('sweep summarize takes one DIR, the --out of gtlab sweep (see gtlab sweep --help)');
  const dir = positionals[0];
  const { record, rows, missing } = checked(() => {
    const r = readRecord(dir);
    return { record: r, ...sweepRows(dir, r) };
  });
  if (missing.length > 0)
    process.stderr.write(
      `gtlab: ${missing.length} of ${record.cells.length} cells not finished (left out): ${missing.join(' ')}\n`,
    );
  const out = str(flags, 'out');
  if (out !== undefined) {
    const ext = out.toLowerCase().split('.').pop() ?? '';
    if (ext === 'csv') writeAtomically(out, sweepCsv(record.name, record.axes, rows, GENERATOR));
    else if (['svg', 'pdf', 'png'].includes(ext)) {
      if (rows.length === 0) throw new UsageError(`${dir}: no finished cell to draw`);
      // Default axes: the first two swept paths that take more than one value.
      const axes = record.figureAxes ?? record.axes;
      const varied = variedAxes(axes, record.cells);
      const x = str(flags, 'x') ?? varied[0] ?? axes[0];
      const y = flags.y === undefined ? (str(flags, 'x') === undefined ? (varied[1] ?? null) : null) : str(flags, 'y')!;
      const known = [...new Set([...axes, ...record.axes])];
      for (const [flag, p] of [
        ['--x', x],
        ['--y', y],
      ] as const) {
        const unknown =
          p === null || p === undefined ? undefined : productParts(p).find((part) => !known.includes(part));
        if (unknown !== undefined)
          throw new UsageError(
            `${flag} ${p}: ${unknown} is not a swept path: use one of ${known.join(', ')} (or several joined by *)`,
          );
      }
      const width =
        y === null
          ? 624
          : Math.max(624, 280 * new Set(rows.filter((r) => r.reduction !== null).map((r) => r.algorithm)).size + 100);
      const height = y === null ? 384 : 420;
      writeAtomically(
        out,
        await renderFigure(
          sweepFigureOption({ ...record, axes }, rows, x, y ?? null, width, height, FIGURE_FONT),
          ext as FigureFormat,
          { width, height },
        ),
      );
    } else throw new UsageError(`--out ${out}: the extension must be .csv, .svg, .pdf or .png`);
    process.stderr.write(`wrote ${out}\n`);
  }
  if (flags.json)
    process.stdout.write(
      `${JSON.stringify({ name: record.name, axes: record.axes, cells: record.cells.length, missing, rows })}\n`,
    );
  return missing.length === 0 ? 0 : 1;
}

export async function sweep(argv: string[]): Promise<number> {
  if (argv[0] === 'summarize') return summarize(argv.slice(1));
  const unwatch = watchStopSignals();
  try {
    return await sweepCommand(argv);
  } finally {
    unwatch();
  }
}

async function sweepCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(
    argv,
    { ...SCRIPT_FLAGS, ...flagOptions(['out', 'launcher', 'workers', 'tasks-per-cell'], ['json', 'yes']) },
    SWEEP_HELP,
  );
  if (positionals.length !== 1)
    throw new UsageError('sweep takes one SWEEP file or sweep preset (see gtlab sweep --help)');
  const out = resolve(requireStr(flags, 'out'));
  const launcher = choice(flags, 'launcher', ['local', 'slurm'] as const, 'local');
  if (flags.workers !== undefined) int(flags, 'workers', 1, 256);
  const { sweep: sw, cells } = loadSweep(positionals[0]);
  if (launcher === 'local') checked(() => judgeSweepSize(out, cells, flags)); // reads each cell's run.json
  const lock = checked(() => lockRunFolder(out));
  try {
    checked(() => recordSweep(out, sw, cells));
    if (launcher === 'slurm') {
      const r = await checkedAsync(() => runSlurm(out, sw.name, cells, flags));
      if (flags.json) process.stdout.write(`${JSON.stringify({ out, cells: cells.length, ...r })}\n`);
      process.stderr.write(
        r.dryRun
          ? `wrote ${r.scripts.join(' and ')}; nothing submitted\n`
          : `submitted array job ${r.arrayJobId} (${cells.length} cells) and merge job ${r.mergeJobId}\n`,
      );
      return 0;
    }
    const result = await checkedAsync(() => runLocal(out, cells, flags));
    const all = result.every((r) => r.status === 'done');
    if (flags.json)
      process.stdout.write(
        `${JSON.stringify({ out, cells: cells.map((c, k) => ({ slug: c.slug, params: c.params, status: result[k]?.status ?? 'missing' })) })}\n`,
      );
    const stop = stopRequested();
    if (stop && !all) {
      const done = result.filter((r) => r.status === 'done').length;
      process.stderr.write(
        `gtlab: sweep stopped by ${stop.signal}: ${done} of ${cells.length} cells complete in ${out}\ngtlab: to continue: gtlab sweep ${argv.join(' ')}\n`,
      );
      return stop.exitCode;
    }
    process.stderr.write(
      all ? `completed: ${cells.length} cells in ${out}\n` : `incomplete: run the same command again to resume\n`,
    );
    return all ? 0 : 1;
  } finally {
    lock.release();
  }
}

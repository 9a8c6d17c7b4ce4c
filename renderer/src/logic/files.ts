/**
 * File names and contents of what the workbench exports: every file records its provenance (spec
 * name, seed, workbench version) in the name, a header or a subtitle.
 */
import { seriesIdsAndNames } from '../../../shared/experiments/display-names.ts';
import type { RunData } from '../../../shared/api/contract.ts';
import type { ExperimentSpec } from '../../../shared/experiments/spec.ts';
import { COUNTING_CONVENTION } from '../../../shared/search/counters.ts';
import { resultsCsv } from '../../../shared/io/results-csv.ts';
import { compareLines } from '../../../shared/io/result-line-fields.ts';

/** A file-name-safe stem: letters, digits, '-', '_' and '.' only. */
export function safeStem(s: string): string {
  return (
    s
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'gtlab'
  );
}

export function runStem(spec: ExperimentSpec): string {
  return `${safeStem(spec.name)}-seed${spec.seed}`;
}

export function specFileName(spec: ExperimentSpec): string {
  return `${safeStem(spec.name)}.gtlab-experiment.json`;
}

export function specFileText(spec: ExperimentSpec): string {
  return `${JSON.stringify(spec, null, 2)}\n`;
}

export function runCsv(run: RunData): string {
  const lines = [...run.lines].sort(compareLines);
  return resultsCsv(lines, {
    name: run.spec.name,
    seed: run.spec.seed,
    generator: run.generator,
    counting: COUNTING_CONVENTION,
    series: seriesIdsAndNames(run.spec.series),
  });
}

export function runJson(run: RunData): string {
  return `${JSON.stringify({ format: 'gtlab-run', version: 1, ...run, lines: [...run.lines].sort(compareLines) }, null, 1)}\n`;
}

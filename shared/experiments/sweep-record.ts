/**
 * A sweep folder's record, DIR/sweep.json (format "gtlab-sweep-run"), written once by `gtlab sweep`:
 * the sweep as given, its swept paths and its cells by folder slug. Read back by `gtlab sweep` (to
 * resume, or refuse another sweep), `gtlab sweep summarize` and the app's import of a sweep folder;
 * checked here once, so a damaged record is named field by field.
 */
import { FormatError } from '../io/format-error.ts';
import type { Sweep } from './sweep.ts';

export interface SweepRecord {
  format: 'gtlab-sweep-run';
  version: 1;
  name: string;
  /** the swept paths, joint axes split (the table's columns) */
  axes: string[];
  /** the axes as the grid names them, joint ones kept (the figure's) */
  figureAxes?: string[];
  sweep: Sweep;
  cells: { slug: string; params: Record<string, unknown> }[];
}

/** A cell's folder name under DIR/cells/: no separators, no leading dot. */
const CELL_SLUG = /^[A-Za-z0-9=,_+-][A-Za-z0-9.=,_+-]*$/;

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

/** The record of a parsed sweep.json; a FormatError naming `file` and the field otherwise. */
export function parseSweepRecord(raw: unknown, file: string): SweepRecord {
  const fail = (what: string): never => {
    throw new FormatError(file, `${what} (written by gtlab sweep)`);
  };
  if (!isObject(raw)) return fail('must be a JSON object');
  if (raw.format !== 'gtlab-sweep-run') fail('format must be "gtlab-sweep-run"');
  if (typeof raw.name !== 'string') fail('name: must be a string');
  if (!isStrings(raw.axes)) fail('axes: must be a list of spec paths');
  if (raw.figureAxes !== undefined && !isStrings(raw.figureAxes)) fail('figureAxes: must be a list of spec paths');
  if (!Array.isArray(raw.cells)) return fail('cells: must be a list of {"slug", "params"}');
  raw.cells.forEach((c: unknown, k) => {
    if (!isObject(c) || typeof c.slug !== 'string' || !CELL_SLUG.test(c.slug) || !isObject(c.params))
      fail(`cells.${k}: must be {"slug", "params"} with a folder name as slug`);
  });
  return raw as unknown as SweepRecord;
}

/**
 * A parameter sweep (`gtlab-sweep` v1): a base experiment (a preset name or an inline spec) and a grid
 * over spec paths, expanded into cells, each a complete, validated experiment spec — Furtak & Buro's
 * "results were consistent across the tree generation parameters" (Sec. 8) as something one can check.
 * Hydra's multirun is the shape: `grid` is the cartesian product of its axes, `cells` adds explicit
 * points. An axis key is a spec path ("model.noise.e"; a list's entries by index from 0, "series.1.ordering")
 * or several joined by commas whose values move
 * together ("model.bmin,model.bmax": [[2, 4], [4, 12]]: branching ranges, not all pairs). Every error
 * names the axis or cell and what is allowed; nothing runs unless every cell is a valid spec.
 */
import { z } from 'zod';
import { parseSpec, SpecError, type ExperimentSpec, type ExperimentSpecInput } from './spec.ts';
import { presetNames, presetSpec } from './presets.ts';
import { strictObject } from '../util/strict-object.ts';
import { plainText } from '../util/control-characters.ts';
import { dottedPath, zodIssues } from '../util/zod-issues.ts';
import { valueOrJson } from '../io/value-or-json.ts';
import { checkMetaValue } from '../io/json-fields.ts';
import { FormatError } from '../io/format-error.ts';
import { quoted } from '../util/quoted.ts';

export const SWEEP_FORMAT = 'gtlab-sweep';
export const SWEEP_VERSION = 1;
/** Largest number of cells a sweep may have (each is a run folder). */
const MAX_CELLS = 1000;

const Value = z.union([
  z.number(),
  z.string(),
  z.boolean(),
  z.null(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);

const SweepSchema = strictObject({
  format: z.literal(SWEEP_FORMAT),
  version: z.literal(SWEEP_VERSION),
  name: plainText(z.string().min(1).max(200)),
  description: plainText(z.string().max(4000), true).optional(),
  /** a preset name, or a spec (gtlab-experiment) */
  base: z.union([z.string().min(1), z.record(z.string(), z.unknown())]),
  /** axis → its values; the cells are every combination */
  grid: z.record(z.string().min(1), z.array(Value).min(1).max(MAX_CELLS)).default({}),
  /** further cells, each a set of path → value on top of the base */
  cells: z
    .array(z.record(z.string().min(1), Value))
    .max(MAX_CELLS)
    .optional(),
});

export type SweepInput = z.input<typeof SweepSchema>;
export type Sweep = z.output<typeof SweepSchema>;

/** A named sweep (`gtlab sweep PRESET`), listed in ./sweep-presets.ts. */
export interface SweepPreset {
  name: string;
  title: string;
  sweep(): SweepInput;
}

export interface SweepCell {
  /** folder name under DIR/cells/: the parameters, e.g. "bmin=4,bmax=12,noise.e=2" made safe */
  slug: string;
  /** spec path → value */
  params: Record<string, unknown>;
  spec: ExperimentSpec;
}

export class SweepError extends Error {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(issues.map((i) => `${i.path || '(sweep)'}: ${i.message}`).join('; '));
    this.name = 'SweepError';
  }
}

const getPath = (o: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (x, k) => (x !== null && typeof x === 'object' ? (x as Record<string, unknown>)[k] : undefined),
    o,
  );

/** A path segment that indexes a list ("series.1.ordering": the second series' ordering). */
const isIndex = (k: string) => /^(0|[1-9][0-9]*)$/.test(k);

function setPath(o: Record<string, unknown>, path: string[], value: unknown): void {
  let x = o;
  path.forEach((k, i) => {
    if (Array.isArray(x) && Number(k) >= x.length)
      throw new SweepError([
        {
          path: '',
          message: `${path.slice(0, i + 1).join('.')}: the list ${path.slice(0, i).join('.')} has ${x.length} entries, indexed 0..${x.length - 1}`,
        },
      ]);
    if (i === path.length - 1) return;
    const next = x[k];
    if (Array.isArray(next) && !isIndex(path[i + 1]))
      throw new SweepError([
        {
          path: '',
          message: `${path.slice(0, i + 2).join('.')}: ${path.slice(0, i + 1).join('.')} is a list: name an entry by its index, e.g. ${[...path.slice(0, i + 1), '0', ...path.slice(i + 1)].join('.')}`,
        },
      ]);
    // Any other value on the way that is not an object becomes one.
    if (next === null || typeof next !== 'object') x[k] = {};
    x = x[k] as Record<string, unknown>;
  });
  x[path[path.length - 1]] = value;
}

/** The paths of an axis key ("a.b" or "a.b,c.d"), each checked. */
function axisPaths(key: string, where: string): string[] {
  const paths = key.split(',').map((p) => p.trim());
  paths.forEach((p, k) => {
    if (paths.indexOf(p) !== k)
      throw new SweepError([
        { path: where, message: `${p} appears twice in "${key}": each path is swept by one axis` },
      ]);
  });
  for (const p of paths) {
    if (!/^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/.test(p))
      throw new SweepError([
        { path: where, message: `"${p}" is not a spec path (dot-separated field names, e.g. model.noise.e)` },
      ]);
    if (['format', 'version'].includes(p)) throw new SweepError([{ path: where, message: `${p} cannot be swept` }]);
  }
  return paths;
}

/**
 * The axis keys of the grid and of every cell as written in the file, before the schema reads them: each
 * a spec path, no path swept by two axes of the grid, none a key an object cannot hold ("__proto__").
 */
function checkAxisKeys(data: unknown): void {
  if (data === null || typeof data !== 'object') return;
  const { grid, cells } = data as { grid?: unknown; cells?: unknown };
  if (grid !== null && typeof grid === 'object' && !Array.isArray(grid)) {
    const swept = new Map<string, string>();
    for (const key of Object.keys(grid)) {
      axisValues((grid as Record<string, unknown>)[key], `grid.${key}`);
      for (const p of axisPaths(key, `grid.${key}`)) {
        const other = swept.get(p);
        if (other !== undefined)
          throw new SweepError([
            {
              path: `grid.${key}`,
              message: `${p} is swept by two axes ("${other}" and "${key}"): give each path one axis`,
            },
          ]);
        swept.set(p, key);
      }
    }
  }
  if (Array.isArray(cells)) {
    cells.forEach((c, k) => {
      if (c !== null && typeof c === 'object' && !Array.isArray(c)) {
        for (const key of Object.keys(c)) {
          axisPaths(key, `cells.${k}.${key}`);
          axisValues((c as Record<string, unknown>)[key], `cells.${k}.${key}`);
        }
      }
    });
  }
}

/** An axis's values as the file holds them: finite numbers, nested no deeper than a spec's fields can be. */
function axisValues(values: unknown, where: string): void {
  try {
    checkMetaValue(values, where);
  } catch (e) {
    if (e instanceof FormatError) throw new SweepError([{ path: e.field, message: e.detail }]);
    throw e;
  }
}

/** The values an axis sets, one path → value map per grid value. */
function axisPoints(key: string, values: readonly unknown[]): Record<string, unknown>[] {
  const paths = axisPaths(key, `grid.${key}`);
  return values.map((v, k) => {
    if (paths.length === 1) return { [paths[0]]: v };
    if (!Array.isArray(v) || v.length !== paths.length) {
      throw new SweepError([
        { path: `grid.${key}.${k}`, message: `must be a list of ${paths.length} values, one per path of "${key}"` },
      ]);
    }
    return Object.fromEntries(paths.map((p, i) => [p, v[i]]));
  });
}

/** A cell's parameters with its paths in order (two cells that set the same paths to the same values are one). */
function sortedParams(params: Record<string, unknown>): [string, unknown][] {
  return Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A deterministic, file-safe folder name of a cell's parameters (the last path segments and values). */
export function cellSlug(params: Record<string, unknown>): string {
  const part = (path: string, v: unknown) =>
    `${path.replace(/^model\./, '')}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`;
  const s = Object.entries(params)
    .map(([p, v]) => part(p, v))
    .join(',')
    .replace(/[^A-Za-z0-9.=,_+-]+/g, '-');
  return (s === '' ? 'base' : s).slice(0, 180);
}

/** The base spec input of a sweep: the preset's spec or the inline spec (validated). */
function baseSpec(sweep: Sweep): ExperimentSpecInput {
  if (typeof sweep.base === 'string') {
    if (!presetNames().includes(sweep.base))
      throw new SweepError([
        { path: 'base', message: `${quoted(sweep.base)} is not a preset (presets: ${presetNames().join(', ')})` },
      ]);
    return presetSpec(sweep.base) as ExperimentSpecInput;
  }
  try {
    return parseSpec(sweep.base) as ExperimentSpecInput;
  } catch (e) {
    if (e instanceof SpecError)
      throw new SweepError(e.issues.map((i) => ({ path: `base.${i.path}`, message: i.message })));
    throw e;
  }
}

/** Validate a sweep (parsed JSON or text) and expand it into its cells. Throws SweepError naming the field. */
export function expandSweep(input: unknown): { sweep: Sweep; cells: SweepCell[] } {
  const data = valueOrJson(input, (message, path) => new SweepError([{ path, message }]));
  // Checked before zod, whose records drop a "__proto__" key without a word.
  checkAxisKeys(data);
  const r = SweepSchema.safeParse(data);
  if (!r.success)
    throw new SweepError(zodIssues(r.error).map((i) => ({ path: dottedPath(i.path), message: i.message })));
  const sweep = r.data;
  const base = baseSpec(sweep);
  let points: Record<string, unknown>[] = [{}];
  for (const [key, values] of Object.entries(sweep.grid)) {
    const axis = axisPoints(key, values);
    points = points.flatMap((p) => axis.map((a) => ({ ...p, ...a })));
    if (points.length > MAX_CELLS)
      throw new SweepError([{ path: 'grid', message: `${points.length}+ cells: a sweep has at most ${MAX_CELLS}` }]);
  }
  if (Object.keys(sweep.grid).length === 0) points = [];
  (sweep.cells ?? []).forEach((c, k) => {
    for (const key of Object.keys(c)) axisPaths(key, `cells.${k}.${key}`);
    points.push(c);
  });
  if (points.length === 0)
    throw new SweepError([{ path: 'grid', message: 'the sweep has no cells: give a grid or cells' }]);
  if (points.length > MAX_CELLS)
    throw new SweepError([{ path: 'cells', message: `${points.length} cells: a sweep has at most ${MAX_CELLS}` }]);
  const slugs = new Map<string, { where: string; params: Record<string, unknown> }>();
  const cells = points.map((params, k) => {
    const where =
      k < points.length - (sweep.cells?.length ?? 0)
        ? `grid (cell ${cellSlug(params)})`
        : `cells.${k - (points.length - (sweep.cells?.length ?? 0))}`;
    const doc = structuredClone(base) as Record<string, unknown>;
    try {
      for (const [p, v] of Object.entries(params)) setPath(doc, p.split('.'), v);
    } catch (e) {
      if (e instanceof SweepError) throw new SweepError(e.issues.map((i) => ({ ...i, path: where })));
      throw e;
    }
    let spec: ExperimentSpec;
    try {
      spec = parseSpec(doc);
    } catch (e) {
      if (e instanceof SpecError)
        throw new SweepError(e.issues.map((i) => ({ path: where, message: `${i.path || '(spec)'}: ${i.message}` })));
      throw e;
    }
    // A path the spec does not have is dropped by its schema: refuse it rather than run the base.
    for (const [p, v] of Object.entries(params)) {
      if (JSON.stringify(getPath(spec, p.split('.'))) !== JSON.stringify(v)) {
        throw new SweepError([
          {
            path: where,
            message: `${p} is not a field of the ${spec.model.kind} spec (setting it to ${JSON.stringify(v)} changes nothing)`,
          },
        ]);
      }
    }
    const slug = cellSlug(params);
    const twin = slugs.get(slug);
    if (twin !== undefined) {
      const same = JSON.stringify(sortedParams(twin.params)) === JSON.stringify(sortedParams(params));
      throw new SweepError([
        {
          path: where,
          message: same
            ? `two cells with the same parameters (${slug}): this one and ${twin.where}`
            : `this cell (${JSON.stringify(params)}) and ${twin.where} (${JSON.stringify(twin.params)}) differ, but both would be kept in the folder cells/${slug}: ` +
              'a folder name keeps only letters, digits and . = , _ + - of the values, and at most 180 characters; choose values that differ in those',
        },
      ]);
    }
    slugs.set(slug, { where, params });
    return { slug, params, spec };
  });
  return { sweep, cells };
}

/** The grid's axes as written (a joint axis stays one, "model.bmin,model.bmax"), then the explicit cells' paths: a figure's axes. */
export function figureAxes(sweep: Sweep): string[] {
  const keys = Object.keys(sweep.grid).map((k) =>
    k
      .split(',')
      .map((p) => p.trim())
      .join(','),
  );
  const inGrid = new Set(keys.flatMap((k) => k.split(',')));
  return [
    ...keys,
    ...(sweep.cells ?? []).flatMap((c) => Object.keys(c)).filter((p, k, all) => !inGrid.has(p) && all.indexOf(p) === k),
  ];
}

/** The grid's axis paths, in order, joint axes split (the columns of a sweep's table). */
export function sweepAxes(sweep: Sweep): string[] {
  return [
    ...Object.keys(sweep.grid).flatMap((k) => k.split(',').map((p) => p.trim())),
    ...(sweep.cells ?? []).flatMap((c) => Object.keys(c)),
  ].filter((p, k, all) => all.indexOf(p) === k);
}

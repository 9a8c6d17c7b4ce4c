/**
 * The parameter form as plain data, and its translation to an experiment spec
 * (shared/experiments/spec.ts). Numbers are kept as the text the user typed, so a half-typed value is
 * not lost; validation runs the spec's own zod schema (and parseSpec's cross-field checks) on every
 * change and turns each issue into a message naming the field, its spec path and the allowed range.
 */
import {
  ExperimentSpecSchema, parseSpec, SPEC_FORMAT, SPEC_VERSION, SpecError,
  type ExperimentSpec, type ExperimentSpecInput,
} from '../../../shared/experiments/spec.ts';
import type { SeriesAlgorithm } from '../../../shared/search/registry.ts';
import { fieldsOf, type FieldMeta } from '../../../shared/util/fields.ts';
import type { ModelKind } from '../../../shared/models/registry.ts';

export type { ModelKind };
export type Algorithm = SeriesAlgorithm;

export interface SeriesRow {
  algorithm: Algorithm;
  ordering: string;
  /** empty: the default "algorithm / ordering" */
  label: string;
}

export interface FormState {
  name: string;
  description: string;
  modelKind: ModelKind;
  // prefix-value / incremental
  bmin: string;
  bmax: string;
  damage: string;
  noiseKind: 'none' | 'uniform' | 'gaussian' | 'softmax';
  noiseE: string;
  noiseC: string;
  rootValue: string;
  // uniform
  degree: string;
  leavesKind: 'bivalued' | 'range' | 'distinct';
  leafP0: string;
  leafLo: string;
  leafHi: string;
  // li
  liP0: string;
  f1: string;
  f2: string;
  z1: string;
  z2: string;
  trees: string;
  seed: string;
  depth: string;
  iterative: boolean;
  /** V_i of children no earlier pass searched: static estimate, or random (F&B Sec. 8) */
  unexpanded: 'estimate' | 'random';
  mpg: boolean;
  series: SeriesRow[];
  maxVisitedPerSearch: string;
  maxNodes: string;
}

export interface FieldIssue {
  /** the spec path, e.g. "model.bmax" or "series.1.ordering" */
  path: string;
  /** a full message: field name, path, what was given and what is allowed */
  message: string;
}

export interface Validation {
  spec: ExperimentSpec | null;
  issues: FieldIssue[];
  /** issues by path (first per path), for messages next to inputs */
  byPath: Record<string, string>;
}

export function defaultForm(): FormState {
  return {
    name: 'my-experiment', description: '', modelKind: 'prefix-value',
    bmin: '4', bmax: '12', damage: '6', noiseKind: 'uniform', noiseE: '4', noiseC: '1', rootValue: '',
    degree: '4', leavesKind: 'range', leafP0: '0.38', leafLo: '0', leafHi: '100',
    liP0: '0.38', f1: '0.1', f2: '0.1', z1: '', z2: '',
    trees: '20', seed: '1', depth: '6', iterative: true, unexpanded: 'estimate', mpg: true,
    series: [
      { algorithm: 'alphabeta', ordering: 'estimate', label: '' },
      { algorithm: 'alphabeta', ordering: 'fcf-weighted:1,0.5,0.5', label: '' },
    ],
    maxVisitedPerSearch: '50000000', maxNodes: '2000000',
  };
}

/** Field names and allowed values by spec path, from the schema's labelled fields (shared/util/fields.ts). */
const FIELDS = fieldsOf(ExperimentSpecSchema);

/** Text → number: empty text is "missing" (undefined), anything else must read as a number. */
function num(s: string | number): number | undefined {
  if (typeof s === 'number') return s;
  const t = s.trim();
  if (t === '') return undefined;
  return Number(t);
}

/** The form as a spec document (not yet validated). */
export function formToSpec(f: FormState): ExperimentSpecInput {
  let model: ExperimentSpecInput['model'];
  switch (f.modelKind) {
    case 'prefix-value':
    case 'incremental': {
      const noise = f.noiseKind === 'none' ? undefined
        : f.noiseKind === 'uniform' ? { kind: 'uniform' as const, e: num(f.noiseE) as number }
          : { kind: f.noiseKind, c: num(f.noiseC) as number };
      model = {
        kind: f.modelKind, bmin: num(f.bmin) as number, bmax: num(f.bmax) as number, damage: num(f.damage) as number,
        ...(noise ? { noise } : {}),
        ...(f.rootValue.trim() !== '' ? { rootValue: num(f.rootValue) } : {}),
      };
      break;
    }
    case 'uniform':
      model = {
        kind: 'uniform', degree: num(f.degree) as number,
        leaves: f.leavesKind === 'bivalued' ? { kind: 'bivalued', p0: num(f.leafP0) as number }
          : f.leavesKind === 'range' ? { kind: 'range', lo: num(f.leafLo) as number, hi: num(f.leafHi) as number }
            : { kind: 'distinct' },
      };
      break;
    case 'li':
      model = {
        kind: 'li', p0: num(f.liP0) as number, f1: num(f.f1) as number, f2: num(f.f2) as number,
        ...(f.z1.trim() !== '' ? { z1: num(f.z1) } : {}),
        ...(f.z2.trim() !== '' ? { z2: num(f.z2) } : {}),
      };
      break;
  }
  return {
    format: SPEC_FORMAT, version: SPEC_VERSION, name: f.name.trim(),
    ...(f.description.trim() ? { description: f.description.trim() } : {}),
    model,
    trees: num(f.trees) as number, seed: num(f.seed) as number, depth: num(f.depth) as number,
    iterative: f.iterative,
    unexpanded: f.unexpanded,
    series: f.series.map((s) => ({ algorithm: s.algorithm, ordering: s.ordering.trim(), ...(s.label.trim() ? { label: s.label.trim() } : {}) })),
    measure: { mpg: f.mpg },
    limits: { maxVisitedPerSearch: num(f.maxVisitedPerSearch) as number, maxNodes: num(f.maxNodes) as number },
  };
}

/** A validated spec back into the form (presets, opened spec files, reopened runs). */
export function specToForm(spec: ExperimentSpec): FormState {
  const f = defaultForm();
  const m = spec.model;
  f.name = spec.name;
  f.description = spec.description ?? '';
  f.modelKind = m.kind;
  if (m.kind === 'prefix-value' || m.kind === 'incremental') {
    f.bmin = String(m.bmin);
    f.bmax = String(m.bmax);
    f.damage = String(m.damage);
    f.noiseKind = m.noise ? m.noise.kind : 'none';
    if (m.noise?.kind === 'uniform') f.noiseE = String(m.noise.e);
    else if (m.noise) f.noiseC = String(m.noise.c);
    f.rootValue = m.rootValue === undefined ? '' : String(m.rootValue);
  } else if (m.kind === 'uniform') {
    f.degree = String(m.degree);
    f.leavesKind = m.leaves.kind;
    if (m.leaves.kind === 'bivalued') f.leafP0 = String(m.leaves.p0);
    if (m.leaves.kind === 'range') {
      f.leafLo = String(m.leaves.lo);
      f.leafHi = String(m.leaves.hi);
    }
  } else if (m.kind === 'li') {
    f.liP0 = String(m.p0);
    f.f1 = String(m.f1);
    f.f2 = String(m.f2);
    f.z1 = m.z1 === undefined ? '' : String(m.z1);
    f.z2 = m.z2 === undefined ? '' : String(m.z2);
  }
  f.trees = String(spec.trees);
  f.seed = String(spec.seed);
  f.depth = String(spec.depth);
  f.iterative = spec.iterative;
  f.unexpanded = spec.unexpanded;
  f.mpg = spec.measure.mpg;
  f.series = spec.series.map((s) => ({ algorithm: s.algorithm, ordering: s.ordering, label: s.label ?? '' }));
  f.maxVisitedPerSearch = String(spec.limits.maxVisitedPerSearch);
  f.maxNodes = String(spec.limits.maxNodes);
  return f;
}

export function fieldInfo(path: string): FieldMeta | undefined {
  return FIELDS[path] ?? FIELDS[path.replace(/^series\.\d+/, 'series.*')];
}

function lookup(data: unknown, path: readonly PropertyKey[]): unknown {
  let x = data;
  for (const k of path) {
    if (x === null || typeof x !== 'object') return undefined;
    x = (x as Record<PropertyKey, unknown>)[k];
  }
  return x;
}

function show(x: unknown): string {
  if (x === undefined) return 'empty';
  if (typeof x === 'number' && Number.isNaN(x)) return 'not a number';
  return JSON.stringify(x);
}

/** One message per issue: "Max branching (model.bmax): 99 is not allowed: it must be an integer in [1..64]". */
export function issueMessage(path: string, given: unknown, zodMessage: string, custom: boolean): string {
  const info = fieldInfo(path);
  const where = info ? `${info.label} (${path})` : path || 'spec';
  if (custom || !info) return `${where}: ${zodMessage}`;
  if (given === undefined) return `${where} is required: it must be ${info.allowed}`;
  return `${where}: ${show(given)} is not allowed: it must be ${info.allowed}`;
}

interface ZodIssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  errors?: ZodIssueLike[][];
}

/**
 * The model is a union of objects: when a value is wrong zod reports "invalid union" at `model` with
 * each option's issues. The option the user meant is the one whose `kind` matched; report its issues.
 */
function flattenUnions(issues: readonly ZodIssueLike[]): ZodIssueLike[] {
  const out: ZodIssueLike[] = [];
  for (const i of issues) {
    const options = i.code === 'invalid_union' ? i.errors ?? [] : [];
    const meant = options.find((o) => o.length > 0 && !o.some((x) => x.path.length === 1 && x.path[0] === 'kind'));
    if (meant) out.push(...flattenUnions(meant.map((x) => ({ ...x, path: [...i.path, ...x.path] }))));
    else out.push(i);
  }
  return out;
}

export function validateForm(f: FormState): Validation {
  const doc = formToSpec(f);
  const issues: FieldIssue[] = [];
  const r = ExperimentSpecSchema.safeParse(doc);
  if (!r.success) {
    for (const i of flattenUnions(r.error.issues as unknown as ZodIssueLike[])) {
      const path = i.path.map(String).join('.');
      // Custom issues (orderings, cross-field rules such as bmin ≤ bmax) carry a message that already says
      // what is wrong, at the path of the field they concern.
      const custom = i.code === 'custom';
      issues.push({ path, message: issueMessage(path, lookup(doc, i.path), i.message, custom) });
    }
  } else {
    try {
      parseSpec(doc);
    } catch (e) {
      if (!(e instanceof SpecError)) throw e;
      for (const i of e.issues) issues.push({ path: i.path, message: issueMessage(i.path, undefined, i.message, true) });
    }
  }
  const byPath: Record<string, string> = {};
  for (const i of issues) byPath[i.path] ??= i.message;
  return { spec: issues.length === 0 ? parseSpec(doc) : null, issues, byPath };
}

/**
 * The parameter form as plain data, and its translation to an experiment spec
 * (shared/experiments/spec.ts). The form state is the spec's input with string leaves (./schema-draft.ts):
 * numbers are kept as the text the user typed, so a half-typed value is not lost, and fields are read and
 * written by their spec path. The model is the chosen kind's draft; the other kinds' drafts wait in
 * `stash`. Validation runs the spec's own zod schema (and parseSpec's capability checks) on every change
 * and turns each issue into a message naming the field by its label, with the allowed range; the spec
 * path keys the message to its input.
 */
import {
  ExperimentSpecSchema,
  parseSpec,
  SPEC_FORMAT,
  SPEC_VERSION,
  SpecError,
  type ExperimentSpec,
  type ExperimentSpecInput,
} from '../../../shared/experiments/spec.ts';
import { zodIssues } from '../../../shared/util/zod-issues.ts';
import { MODEL_REGISTRY, ModelSchema, modelDescriptor, type ModelKind } from '../../../shared/models/registry.ts';
import { fieldsOf, type FieldMeta } from '../../../shared/util/fields.ts';
import {
  formFields,
  fromDraft,
  toDraft,
  variantOf,
  type Draft,
  type DraftObject,
  type FormField,
} from './schema-draft.ts';

export type { ModelKind };

/** A type with every number as text and every optional field present (what a form holds). */
type Leaves<T> = T extends number
  ? string
  : T extends boolean
    ? boolean
    : T extends string
      ? T
      : T extends readonly (infer U)[]
        ? Leaves<U>[]
        : T extends object
          ? { -readonly [K in keyof T]-?: Leaves<NonNullable<T[K]>> }
          : never;

type ModelDraft = DraftObject & { kind: ModelKind };
export type SeriesRow = Leaves<ExperimentSpecInput['series'][number]>;

export type FormState = Leaves<Omit<ExperimentSpecInput, 'format' | 'version' | 'model'>> & {
  model: ModelDraft;
  /** drafts of the model kinds not chosen now, so switching back keeps what was typed */
  stash: Partial<Record<ModelKind, ModelDraft>>;
};

interface FieldIssue {
  /** the spec path, e.g. "model.bmax" or "series.1.ordering" */
  path: string;
  /** a full message: the field's label, what was given and what is allowed */
  message: string;
}

export interface Validation {
  spec: ExperimentSpec | null;
  issues: FieldIssue[];
  /** issues by path (first per path), for messages next to inputs */
  byPath: Record<string, string>;
}

const DEFAULT_SPEC: ExperimentSpecInput = {
  format: SPEC_FORMAT,
  version: SPEC_VERSION,
  name: 'my-experiment',
  model: MODEL_REGISTRY[0].example,
  trees: 20,
  seed: 1,
  depth: 6,
  iterative: true,
  unexpanded: 'estimate',
  series: [
    { algorithm: 'alphabeta', ordering: 'estimate' },
    { algorithm: 'alphabeta', ordering: 'fcf-weighted:1,0.5,0.5' },
  ],
};

export function defaultForm(): FormState {
  return specToForm(parseSpec(DEFAULT_SPEC));
}

/** Field names and allowed values by spec path, from the schema's labelled fields (shared/util/fields.ts). */
const FIELDS = fieldsOf(ExperimentSpecSchema);

function modelDraft(kind: ModelKind, model: unknown): ModelDraft {
  return toDraft(variantOf(ModelSchema, kind)!, model) as ModelDraft;
}

/** The form as a spec document (not yet validated). */
export function formToSpec(f: FormState): ExperimentSpecInput {
  const { stash: _, ...draft } = f;
  return fromDraft(ExperimentSpecSchema, draft as unknown as Draft) as ExperimentSpecInput;
}

/** A validated spec back into the form (presets, opened spec files, reopened runs). */
export function specToForm(spec: ExperimentSpec): FormState {
  const { format: _f, version: _v, model, ...rest } = spec;
  const top = toDraft(ExperimentSpecSchema, { ...rest, model: undefined }) as DraftObject;
  delete top.format;
  delete top.version;
  delete top.model;
  return { ...top, model: modelDraft(model.kind, model), stash: {} } as unknown as FormState;
}

/** The value of the field at a spec path ("model.noise.e", "series.1.ordering"). */
export function getField(f: FormState, path: string): Draft | undefined {
  let x: Draft | undefined = f as unknown as Draft;
  for (const k of path.split('.')) x = x !== undefined && typeof x === 'object' ? (x as DraftObject)[k] : undefined;
  return x;
}

/** Set the field at a spec path; setting model.kind switches to that kind's draft (kept or its example). */
export function setField(f: FormState, path: string, value: Draft): void {
  if (path === 'model.kind') {
    const kind = value as ModelKind;
    if (kind === f.model.kind) return;
    f.stash[f.model.kind] = f.model;
    f.model = f.stash[kind] ?? modelDraft(kind, modelDescriptor(kind).example);
    delete f.stash[kind];
    return;
  }
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = getField(f, keys.join('.')) ?? (f as unknown as Draft);
  (parent as DraftObject)[last] = value;
}

/** The model's inputs for the form: labels, hints and choices from the model's schema. */
export function modelFields(kind: ModelKind): FormField[] {
  return formFields(variantOf(ModelSchema, kind)!, 'model');
}

/** Whether a field is shown: its union's kind currently selects it. */
export function fieldShown(f: FormState, field: FormField): boolean {
  return field.when === undefined || field.when.values.includes(String(getField(f, field.when.path)));
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

/**
 * One message per issue, naming the field by its label as the form shows it: "Max branching: 99 is not
 * allowed: it must be an integer in [1..64]". A rule's message that already names the field by its label
 * ("Min branching must be ≤ Max branching") is shown as it is.
 */
function issueMessage(path: string, given: unknown, zodMessage: string, custom: boolean): string {
  const info = fieldInfo(path);
  const where = info ? info.label : path || 'spec';
  if (custom && info && zodMessage.includes(info.label)) return zodMessage;
  if (custom || !info) return `${where}: ${zodMessage}`;
  if (given === undefined) return `${where} is required: it must be ${info.allowed}`;
  return `${where}: ${show(given)} is not allowed: it must be ${info.allowed}`;
}

export function validateForm(f: FormState): Validation {
  const doc = formToSpec(f);
  const issues: FieldIssue[] = [];
  const r = ExperimentSpecSchema.safeParse(doc);
  if (!r.success) {
    for (const i of zodIssues(r.error)) {
      const path = i.path.map(String).join('.');
      // Custom issues (orderings, cross-field rules such as min ≤ max branching) carry a message that already says
      // what is wrong, at the path of the field they concern.
      const custom = i.code === 'custom';
      issues.push({ path, message: issueMessage(path, lookup(doc, i.path), i.message, custom) });
    }
  } else {
    try {
      parseSpec(doc);
    } catch (e) {
      if (!(e instanceof SpecError)) throw e;
      for (const i of e.issues)
        issues.push({ path: i.path, message: issueMessage(i.path, undefined, i.message, true) });
    }
  }
  const byPath: Record<string, string> = {};
  for (const i of issues) byPath[i.path] ??= i.message;
  return { spec: issues.length === 0 ? parseSpec(doc) : null, issues, byPath };
}

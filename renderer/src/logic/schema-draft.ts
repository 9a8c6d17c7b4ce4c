/**
 * Drafts: the input of a zod schema as a form holds it. Every number is kept as the text typed (so a
 * half-typed value is not lost), strings and booleans as they are, and a union of `kind` objects as one
 * object with the `kind` and the fields of all its variants (switching the kind keeps what was typed in
 * the others). `toDraft` and `fromDraft` walk the schema itself, so a new model or field needs no code
 * here; `formFields` lists a schema's inputs with their labels for the form.
 */
import type { z } from 'zod';
import { fieldMeta, schemaDef, type FieldMeta } from '../../../shared/util/fields.ts';

export type Draft = string | boolean | Draft[] | { [key: string]: Draft };
export type DraftObject = { [key: string]: Draft };

/** The schema below optional/default wrappers. */
function bare(s: z.ZodType): z.ZodType {
  const d = schemaDef(s);
  return d.type === 'optional' || d.type === 'default' || d.type === 'nullable' ? bare(d.innerType!) : s;
}

/** The `kind` literal of a union variant. */
function variantKind(variant: z.ZodType): string {
  return String(schemaDef(schemaDef(variant).shape!.kind).values![0]);
}

/** Whether a union is one of objects told apart by their `kind` (the only unions a form offers). */
function isKindUnion(union: z.ZodType): boolean {
  return schemaDef(union).options!.every((o) => schemaDef(o).shape?.kind !== undefined);
}

/** The variant of a `kind` union with that kind, if any. */
export function variantOf(union: z.ZodType, kind: unknown): z.ZodType | undefined {
  return schemaDef(bare(union)).options!.find((o) => variantKind(o) === kind);
}

/** Text → number: empty text is "missing" (undefined), anything else must read as a number. */
function num(s: Draft | undefined): number | undefined {
  if (typeof s !== 'string') return undefined;
  const t = s.trim();
  return t === '' ? undefined : Number(t);
}

/** The draft of `value` (undefined: empty); fields the value does not set keep `base`'s. */
export function toDraft(schema: z.ZodType, value: unknown, base?: Draft): Draft {
  const d = schemaDef(schema);
  switch (d.type) {
    case 'default':
    case 'nullable':
      return toDraft(d.innerType!, value, base);
    case 'optional':
      return schemaDef(d.innerType!).type === 'number' && value === undefined
        ? typeof base === 'string'
          ? base
          : ''
        : toDraft(d.innerType!, value, base);
    case 'number': {
      const initial = fieldMeta(schema)?.initial;
      return value !== undefined
        ? String(value)
        : typeof base === 'string'
          ? base
          : initial === undefined
            ? ''
            : String(initial);
    }
    case 'boolean':
      return typeof value === 'boolean'
        ? value
        : ((base as boolean | undefined) ?? fieldMeta(schema)?.initial === true);
    case 'string':
    case 'enum':
    case 'literal':
      return value === undefined ? (typeof base === 'string' ? base : '') : String(value);
    case 'array':
      return Array.isArray(value) ? value.map((x) => toDraft(d.element!, x)) : [];
    case 'object': {
      const b = (base ?? {}) as DraftObject;
      const v = (value ?? {}) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(d.shape!).map(([k, s]) => [k, toDraft(s, v[k], b[k])]));
    }
    case 'union': {
      const v = value as { kind?: unknown } | undefined;
      const taken = variantOf(schema, v?.kind);
      const out: DraftObject = {};
      for (const o of d.options!) Object.assign(out, toDraft(o, undefined)); // every variant's fields, empty
      Object.assign(out, base ?? {}, taken ? toDraft(taken, v) : {});
      out.kind = taken ? variantKind(taken) : 'none';
      return out;
    }
    default:
      return '';
  }
}

/**
 * The schema's input read back from a draft: numbers parsed; empty optional fields and lists, and
 * optional switches left as their absence means, left out.
 */
export function fromDraft(schema: z.ZodType, draft: Draft | undefined): unknown {
  const d = schemaDef(schema);
  switch (d.type) {
    case 'optional': {
      const inner = bare(d.innerType!);
      const type = schemaDef(inner).type;
      const empty =
        type === 'union'
          ? variantOf(inner, (draft as DraftObject | undefined)?.kind) === undefined
          : type === 'boolean'
            ? draft === (fieldMeta(inner)?.initial ?? false) // a switch left as its absence means
            : (typeof draft === 'string' && draft.trim() === '') || (Array.isArray(draft) && draft.length === 0);
      return empty ? undefined : fromDraft(d.innerType!, draft);
    }
    case 'default':
    case 'nullable':
      return fromDraft(d.innerType!, draft);
    case 'number':
      return num(draft);
    case 'boolean':
      return draft;
    case 'string':
      return typeof draft === 'string' ? draft.trim() : draft;
    case 'enum':
      return draft;
    case 'literal':
      return d.values![0];
    case 'array':
      return Array.isArray(draft) ? draft.map((x) => fromDraft(d.element!, x)) : draft;
    case 'object': {
      const o = (draft ?? {}) as DraftObject;
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(d.shape!)) {
        const v = fromDraft(s, o[k]);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    case 'union': {
      const taken = variantOf(schema, (draft as DraftObject | undefined)?.kind);
      return taken ? fromDraft(taken, draft) : undefined;
    }
    default:
      return draft;
  }
}

/**
 * One input of the form: a number, a line of text, a switch, a choice among `options`, or the kind of
 * a union with its variants as choices.
 */
export interface FormField {
  /** the spec path, e.g. "model.noise.e" */
  path: string;
  meta: FieldMeta;
  input: 'number' | 'text' | 'switch' | 'choice';
  /** choices of a union's kind or of a choice field (value, label; '' leaves an optional one empty) */
  options?: { value: string; label: string }[];
  integer: boolean;
  /** shown only while the field at `when.path` has one of `when.values` */
  when?: { path: string; values: string[] };
}

/** The input a labelled field of this (bare) schema takes. */
function inputOf(inner: z.ZodType): 'number' | 'text' | 'switch' {
  const type = schemaDef(inner).type;
  return type === 'boolean' ? 'switch' : type === 'string' ? 'text' : 'number';
}

/**
 * The inputs of an object schema (a model's parameters, a study's request), in schema order; an object
 * field without a label of its own lends its labelled fields (paths "spec.trees").
 */
export function formFields(
  schema: z.ZodType,
  prefix: string,
  when?: FormField['when'],
  out: FormField[] = [],
): FormField[] {
  for (const [k, s] of Object.entries(schemaDef(bare(schema)).shape!)) {
    if (k === 'kind') continue;
    const path = `${prefix}.${k}`;
    const inner = bare(s);
    const meta = fieldMeta(s) ?? fieldMeta(inner);
    if (schemaDef(inner).type === 'union' && isKindUnion(inner)) {
      const options = schemaDef(inner).options!.map((o) => ({
        value: variantKind(o),
        label: (o.meta() as { title?: string } | undefined)?.title ?? variantKind(o),
      }));
      const none = (s.meta() as { none?: string } | undefined)?.none;
      if (schemaDef(s).type === 'optional') options.unshift({ value: 'none', label: none ?? 'none' });
      out.push({
        path: `${path}.kind`,
        meta: meta ?? { label: k, allowed: options.map((o) => o.value).join(', ') },
        input: 'choice',
        options,
        integer: false,
        when,
      });
      for (const o of schemaDef(inner).options!) {
        const before = out.length;
        formFields(o, path, { path: `${path}.kind`, values: [variantKind(o)] }, out);
        // A field that several variants share alike (gaussian and softmax noise's c) is listed once;
        // one each variant labels its own way is an input per variant.
        for (const f of out.splice(before)) {
          const same = out.find((x) => x.path === f.path && sameMeta(x.meta, f.meta));
          if (same) same.when = { ...same.when!, values: [...same.when!.values, ...f.when!.values] };
          else out.push(f);
        }
      }
    } else if (meta?.choices) {
      const options = meta.choices.map((v) => ({ value: v, label: meta.choiceNames?.[v] ?? v }));
      if (schemaDef(s).type === 'optional') options.unshift({ value: '', label: meta.none ?? 'none' });
      out.push({ path, meta, input: 'choice', options, integer: false, when });
    } else if (meta) {
      const integer = (inner as unknown as { isInt?: boolean }).isInt === true;
      out.push({ path, meta, input: inputOf(inner), integer, when });
    } else if (schemaDef(inner).type === 'object') formFields(inner, path, when, out);
  }
  return out;
}

function sameMeta(a: FieldMeta, b: FieldMeta): boolean {
  return a.label === b.label && a.allowed === b.allowed;
}

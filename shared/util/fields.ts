/**
 * Number fields of zod schemas that carry their own label and allowed-range text (zod `.meta`), so the
 * spec's validation, the app's form hints and messages, and the core's range checks (./range.ts) state
 * a range once and in the same words. `fieldsOf` lists every labelled field of a schema by path, and
 * `fieldName` gives the name a figure's axis or a table's column shows for it.
 */
import { z } from 'zod';
import { integerIn, notAllowedValue } from './range.ts';

export interface FieldMeta {
  /** the form's label, e.g. "Max branching" */
  label: string;
  /** what figures and tables call the field, e.g. "estimate error E" (default: the label, lower case) */
  name?: string;
  /** what the value may be, completing "it must be …", e.g. "an integer in [1..64]" */
  allowed: string;
  /** short hint shown next to the input, e.g. "1..64" */
  hint?: string;
  /**
   * the value a form offers when the field first appears (a union variant not chosen before), and a
   * number the command line takes when its flag is not given; for an optional switch, what leaving it
   * out means
   */
  initial?: number | boolean;
  /** one line on what the field means (the form shows it as the input's tooltip) */
  description?: string;
  /** the values of a choice field */
  choices?: readonly string[];
  /** what a person reads for each choice where it is not the value itself (an algorithm's display name) */
  choiceNames?: Readonly<Record<string, string>>;
  /** values a text field offers, where others are allowed too (an ordering's names; a spec is typed) */
  suggested?: readonly string[];
  /** what leaving the field empty means (a choice field's empty option; the input's placeholder) */
  none?: string;
  /**
   * the value the command line takes for the field when its flag is not given (its help says so), where
   * it has no `initial` (a field whose form value comes from its view)
   */
  flagDefault?: number | string;
}

/**
 * zod's message for a value outside the field: the core's template (./range.ts) without the name, which
 * the spec's errors put in front as the field's path ("trees: 0 is not allowed: it must be …").
 */
function refuse(allowed: string) {
  return {
    error: (iss: { input?: unknown }) =>
      iss.input === undefined ? `required: it must be ${allowed}` : notAllowedValue(iss.input, allowed),
  };
}

function numberIn(lo: number, hi: number, allowed: string, integer: boolean) {
  const n = z.number(refuse(allowed));
  return (integer ? n.int(refuse(allowed)) : n).min(lo, refuse(allowed)).max(hi, refuse(allowed));
}

export function intField(lo: number, hi: number, label: string, more: Partial<FieldMeta> = {}) {
  const m = { label, allowed: integerIn(lo, hi), ...more };
  return numberIn(lo, hi, m.allowed, true).meta(m);
}

export function numberField(lo: number, hi: number, label: string, more: Partial<FieldMeta> = {}) {
  const m = { label, allowed: `a number in [${lo}..${hi}]`, ...more };
  return numberIn(lo, hi, m.allowed, false).meta(m);
}

export function probabilityField(label: string, more: Partial<FieldMeta> = {}) {
  const m = { label, allowed: 'a probability in [0..1]', ...more };
  return numberIn(0, 1, m.allowed, false).meta(m);
}

/**
 * An optional choice among `values`; left empty (absent from the spec) it means what `none` says. A
 * string checked against the values rather than a zod enum, so that in a union of models a wrong value
 * is reported at its own field (an enum's mismatch fails the whole variant, like a wrong kind).
 */
export function optionalChoiceField<const V extends readonly [string, ...string[]]>(
  values: V,
  label: string,
  none: string,
  more: Partial<FieldMeta> = {},
) {
  const m = { label, allowed: `empty (${none}) or one of ${values.join(', ')}`, choices: values, none, ...more };
  const choice = z
    .string(refuse(m.allowed))
    .refine((v) => (values as readonly string[]).includes(v), refuse(m.allowed));
  return (choice as unknown as z.ZodType<V[number]>).optional().meta(m);
}

/** A seed: any safe integer. */
export function seedField(label = 'Seed', more: Partial<FieldMeta> = {}) {
  return intField(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, label, { allowed: 'a safe integer', ...more });
}

/** The field made optional; its allowed text says it may be left empty. */
export function optionalField<T extends z.ZodType>(field: T) {
  const m = fieldMeta(field);
  return field.optional().meta(m ? { ...m, allowed: `empty or ${m.allowed}` } : {});
}

export function fieldMeta(schema: z.ZodType): FieldMeta | undefined {
  const m = schema.meta() as Partial<FieldMeta> | undefined;
  return m?.label !== undefined && m.allowed !== undefined ? (m as FieldMeta) : undefined;
}

/** What the walkers of a schema read of zod's public definition of it (`schema.def`). */
export interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  values?: unknown[];
}

export const schemaDef = (schema: z.ZodType): SchemaDef => schema.def as SchemaDef;

/** Every labelled field below `schema` by dotted path (array elements as "*"); the first one met wins. */
export function fieldsOf(
  schema: z.ZodType,
  prefix = '',
  out: Record<string, FieldMeta> = {},
): Record<string, FieldMeta> {
  const meta = fieldMeta(schema);
  if (meta && prefix !== '' && !(prefix in out)) out[prefix] = meta;
  const def = schemaDef(schema);
  const at = (k: string) => (prefix === '' ? k : `${prefix}.${k}`);
  if (def.type === 'object') for (const [k, v] of Object.entries(def.shape!)) fieldsOf(v, at(k), out);
  else if (def.type === 'union') for (const o of def.options!) fieldsOf(o, prefix, out);
  else if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable')
    fieldsOf(def.innerType!, prefix, out);
  else if (def.type === 'array') fieldsOf(def.element!, at('*'), out);
  return out;
}

/** A field's label, read from its schema (the one place it is written). */
function labelOf(field: z.ZodType): string {
  const m = fieldMeta(field);
  if (!m) throw new RangeError('a cross-field rule names labelled fields only');
  return m.label;
}

/** The message of a cross-field rule that one field be at most another, in the fields' labels ("Min branching must be ≤ Max branching"). */
export function atMostMessage(lower: z.ZodType, upper: z.ZodType): string {
  return `${labelOf(lower)} must be ≤ ${labelOf(upper)}`;
}

/** The name figures and tables give a field: its own, else its label starting in lower case ("Tree height" → "tree height"). */
export function fieldName(meta: FieldMeta): string {
  if (meta.name !== undefined) return meta.name;
  const [first, second = ''] = meta.label;
  return second === second.toUpperCase() && /[a-z]/i.test(second)
    ? meta.label
    : first.toLowerCase() + meta.label.slice(1);
}

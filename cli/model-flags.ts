/**
 * A model's flags of `gtlab generate` as its descriptor declares them (shared/models/model-flags.ts):
 * the parseArgs options, the model object read from parsed flags (each value within the range its
 * schema field states, the whole object then validated by the descriptor's schema), and the reverse,
 * the flags that give a model object.
 */
import { z } from 'zod';
import { type FlagOptions, type Flags, choice, flagOptions, int, intRange, num, str } from './args.ts';
import { UsageError } from './usage-error.ts';
import type { ModelDescriptor } from '../shared/models/model-descriptor.ts';
import { fieldMeta } from '../shared/util/fields.ts';
import { type FieldFlag, flagsOf, type ModelFlag, type VariantGroup } from '../shared/models/model-flags.ts';

type Obj = Record<string, unknown>;

/** parseArgs options for the flags of these descriptors (a flag shared by models is declared once). */
export function modelFlagOptions(descriptors: readonly ModelDescriptor[]): FlagOptions {
  const flags = descriptors.flatMap((d) => flagsOf(d.cli.flags));
  return flagOptions(
    flags.filter((f) => f.kind !== 'boolean').map((f) => f.name),
    flags.filter((f) => f.kind === 'boolean').map((f) => f.name),
  );
}

/** The model object of descriptor `d` that the parsed flags give, or a UsageError naming the flag. */
export function modelFromFlags(d: ModelDescriptor, flags: Flags): unknown {
  const model: Obj = { kind: d.kind };
  for (const f of d.cli.flags) {
    if (f.kind === 'variant') readGroup(d, f, flags, model);
    else readField(objectSchema(d.schema), f, flags, model);
  }
  const r = d.schema.safeParse(model);
  if (!r.success) throw new UsageError(r.error.issues[0].message);
  return r.data;
}

/** The flags that give `model` (its descriptor's reading of them returns an equal object). */
export function modelToFlags(d: ModelDescriptor, model: Obj): string[] {
  const out: string[] = [];
  const write = (fs: readonly FieldFlag[], o: Obj) => {
    for (const f of fs) {
      if (f.kind === 'boolean') out.push(`--${f.name}`);
      else if (f.kind === 'range') out.push(`--${f.name}`, `${String(o[f.fields[0]])}..${String(o[f.fields[1]])}`);
      else if (o[f.field] !== undefined) out.push(`--${f.name}`, String(o[f.field]));
    }
  };
  for (const f of d.cli.flags) {
    if (f.kind !== 'variant') write([f], model);
    else if (model[f.field] !== undefined) {
      const v = model[f.field] as Obj;
      if (f.pick.kind === 'choice') out.push(`--${f.pick.name}`, String(v.kind));
      write(f.variants[String(v.kind)], v);
    }
  }
  return out;
}

function given(f: FieldFlag, flags: Flags): boolean {
  return f.kind === 'boolean' ? flags[f.name] === true : str(flags, f.name) !== undefined;
}

function readGroup(d: ModelDescriptor, g: VariantGroup, flags: Flags, model: Obj): void {
  const kinds = Object.keys(g.variants);
  let kind: string | undefined;
  if (g.pick.kind === 'choice') {
    kind = choice(flags, g.pick.name, kinds, g.pick.fallback);
    if (!g.variants[kind].some((f) => given(f, flags))) return;
  } else {
    const picked = kinds.filter((k) => g.variants[k].some((f) => given(f, flags)));
    if (picked.length !== 1) {
      const usages = kinds.flatMap((k) => g.variants[k].map((f) => f.usage));
      throw new UsageError(
        `${d.kind} trees need exactly one ${g.pick.what}: ${usages.slice(0, -1).join(', ')} or ${usages.at(-1)}`,
      );
    }
    kind = picked[0];
  }
  const variant: Obj = { kind };
  const schema = variantSchema(fieldSchema(objectSchema(d.schema), g.field), kind);
  for (const f of g.variants[kind]) readField(schema, f, flags, variant);
  model[g.field] = variant;
}

/** Read one flag into `o`, within the range of the field(s) of `schema` it fills. */
function readField(schema: z.ZodObject, f: ModelFlag, flags: Flags, o: Obj): void {
  if (f.kind === 'range') {
    const n = numberSchema(fieldSchema(schema, f.fields[0]));
    [o[f.fields[0]], o[f.fields[1]]] = intRange(flags, f.name, n.minValue!, n.maxValue!);
  } else if (f.kind === 'enum') {
    const value = str(flags, f.name) === undefined ? undefined : choice(flags, f.name, choicesOf(schema, f.field));
    if (value !== undefined) o[f.field] = value;
  } else if (f.kind === 'number' && !(f.optional && str(flags, f.name) === undefined)) {
    const n = numberSchema(fieldSchema(schema, f.field));
    o[f.field] = (n.isInt ? int : num)(flags, f.name, n.minValue!, n.maxValue!);
  }
}

function unwrap(s: z.ZodType): z.ZodType {
  return s instanceof z.ZodOptional ? unwrap(s.unwrap() as z.ZodType) : s;
}

function objectSchema(s: z.ZodType): z.ZodObject {
  const o = unwrap(s);
  if (!(o instanceof z.ZodObject)) throw new TypeError('a model flag fills a field of an object schema');
  return o;
}

function fieldSchema(o: z.ZodObject, field: string): z.ZodType {
  const s = o.shape[field] as z.ZodType | undefined;
  if (s === undefined) throw new TypeError(`a model flag fills "${field}", which its schema does not have`);
  return unwrap(s);
}

function choicesOf(o: z.ZodObject, field: string): readonly string[] {
  const choices = fieldMeta(o.shape[field] as z.ZodType)?.choices;
  if (choices === undefined) throw new TypeError(`an enum flag fills a choice field, and "${field}" is none`);
  return choices;
}

function numberSchema(s: z.ZodType): z.ZodNumber {
  if (!(s instanceof z.ZodNumber)) throw new TypeError('a number or range flag fills a number field');
  return s;
}

/** The variant of a union field whose `kind` is `kind`. */
function variantSchema(s: z.ZodType, kind: string): z.ZodObject {
  const options = s instanceof z.ZodUnion ? (s.options as z.ZodType[]) : [];
  const v = options.map(objectSchema).find((o) => (o.shape.kind as z.ZodLiteral).value === kind);
  if (v === undefined) throw new TypeError(`a model flag picks the variant "${kind}", which its schema does not have`);
  return v;
}

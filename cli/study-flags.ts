/**
 * Command-line flags derived from a study's request schema (shared/studies/study-descriptor.ts): a field
 * that holds a number, a string, a choice or a boolean is the flag `--field-name` (camelCase written with
 * dashes, or a name the command gives it), its help line the field's label, allowed range and default
 * (shared/util/fields.ts). `gtlab study KIND` takes every top-level field so and the others whole in
 * `--request JSON`, its request validated by the study's schema with a refused field reported at its
 * flag; the commands that predate it (`gtlab pathology`, `c4`, `othello`, `match`, `reproduce`,
 * `montecarlo`) map their flags onto the fields of their study, nested ones included (a union's variant
 * as `variantKindFlag`, a switch that turns a field off as `negatedFlag`, a list of a union's values as
 * `variantListFlag`), and read each value within its field's range (`flagValue`, `variantList`).
 */
import { z } from 'zod';
import { choice, type FlagOptions, type Flags, flagOptions, int, num, str } from './args.ts';
import { UsageError } from './usage-error.ts';
import { fieldMeta, schemaDef } from '../shared/util/fields.ts';
import { notAllowedValue } from '../shared/util/range.ts';

export interface StudyFlag {
  /** without the dashes, e.g. "exact-leaves" */
  name: string;
  /** the request's field it fills */
  field: string;
  type: 'number' | 'string' | 'boolean';
  optional: boolean;
  /** what the value may be, completing "it must be …" */
  allowed: string;
  /** the field's own schema, to tell a refused value from a rule across fields */
  schema: z.ZodType;
  /** the value taken when the flag is not given (the field's `flagDefault`, else its numeric `initial`) */
  fallback?: number | string;
  /** "--trees T" */
  usage: string;
  /** what the help says of it: "Trees per depth: an integer in [2..10000]" */
  text: string;
  /** the usage and the text on one line, the text in a column of its own */
  help: string;
  /** a switch that sets its boolean field to false (a field that is true unless told) */
  negated?: boolean;
  /** a list of a union's values written KIND:VALUE, comma-separated (read by `variantList`) */
  list?: boolean;
}

/** A help line: the usage, then the text from the 25th column on. */
const helpLine = (usage: string, text: string) => `${usage.padEnd(22)} ${text}`;

/** A flag with its help line made from its usage and text. */
const withHelp = (f: Omit<StudyFlag, 'help'>): StudyFlag => ({ ...f, help: helpLine(f.usage, f.text) });

/** The kind a variant of a union of `kind` objects is written with. */
const variantKind = (o: z.ZodType): string => String(schemaDef(schemaDef(o).shape!.kind).values![0]);

const dashed = (field: string) => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function bare(s: z.ZodType): { schema: z.ZodType; optional: boolean } {
  if (s instanceof z.ZodOptional || s instanceof z.ZodDefault)
    return { schema: bare(s.unwrap() as z.ZodType).schema, optional: true };
  return { schema: s, optional: false };
}

/** What a field allows, from its label and range or, unlabelled, from its zod type. */
function allowed(s: z.ZodType): string {
  const m = fieldMeta(s);
  if (m) return m.allowed;
  if (s instanceof z.ZodEnum) return `one of ${(s.options as string[]).join(', ')}`;
  if (s instanceof z.ZodNumber) return s.isInt ? 'an integer' : 'a number';
  if (s instanceof z.ZodBoolean) return 'given or not';
  return 'text';
}

/**
 * The flag `--name` of one field of a request (`field` of an object schema, `s` its schema): its help
 * line from the field's label, range and default; null for a field of another shape.
 */
export function fieldFlag(field: string, s: z.ZodType, name = dashed(field)): StudyFlag | null {
  const { schema: b, optional } = bare(s);
  const type =
    b instanceof z.ZodNumber
      ? 'number'
      : b instanceof z.ZodBoolean
        ? 'boolean'
        : b instanceof z.ZodString || b instanceof z.ZodEnum
          ? 'string'
          : null;
  if (type === null) return null;
  const meta = fieldMeta(s) ?? fieldMeta(b);
  const what = meta?.allowed ?? allowed(b);
  const fallback = meta?.flagDefault ?? (typeof meta?.initial === 'number' ? meta.initial : undefined);
  const usage = type === 'boolean' ? `--${name}` : `--${name} ${field.toUpperCase().slice(0, 1)}`;
  const left =
    fallback !== undefined
      ? ` (default ${fallback})`
      : !optional || what.startsWith('empty')
        ? ''
        : meta?.none !== undefined
          ? ` (default: ${meta.none})`
          : ' (optional)';
  const text = type === 'boolean' ? (meta?.label ?? 'a switch') : `${meta ? `${meta.label}: ` : ''}${what}${left}`;
  return withHelp({ name, field, type, optional, allowed: what, schema: s, fallback, usage, text });
}

/**
 * The flags of an object schema's fields, `kind` left out (for a study's request: `kind` is the
 * command's argument); `names` gives a field's flag another name than its own.
 */
export function studyFlags(schema: z.ZodType, names: Readonly<Record<string, string>> = {}): StudyFlag[] {
  if (!(schema instanceof z.ZodObject)) throw new TypeError("a study's request schema is an object");
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([field]) => field !== 'kind')
    .map(([field, s]) => fieldFlag(field, s, names[field]))
    .filter((f) => f !== null);
}

/** The flag of one field of an object schema (a study's request); `name` gives it another name than its own. */
export function requestFlag(schema: z.ZodType, field: string, name?: string): StudyFlag {
  const f = studyFlags(schema, name === undefined ? {} : { [field]: name }).find((x) => x.field === field);
  if (f === undefined) throw new TypeError(`the schema has no field "${field}" that a flag can give`);
  return f;
}

/** The flags of each variant of a union of `kind` objects (`studyFlags` of the variant), by its kind. */
export function variantFlags(
  union: z.ZodType,
  names: Readonly<Record<string, string>> = {},
): Record<string, StudyFlag[]> {
  return Object.fromEntries(schemaDef(union).options!.map((o) => [variantKind(o), studyFlags(o, names)]));
}

const kindsOf = (union: z.ZodType): string[] => schemaDef(union).options!.map(variantKind);

/** The flag `--name` that picks the variant of a union of `kind` objects (`field` of a request): one of its kinds. */
export function variantKindFlag(field: string, union: z.ZodType, name = dashed(field)): StudyFlag {
  const what = `one of ${kindsOf(union).join(', ')}`;
  const meta = fieldMeta(union);
  const usage = `--${name} ${field.toUpperCase().slice(0, 1)}`;
  const text = `${meta ? `${meta.label}: ` : ''}${what}`;
  return withHelp({ name, field, type: 'string', optional: false, allowed: what, schema: union, usage, text });
}

/**
 * The switch `--name` that sets the boolean field `field` (`s`, true unless told: its `initial`) to false;
 * `text` says what that means in the command's words.
 */
export function negatedFlag(field: string, s: z.ZodType, name: string, text: string): StudyFlag {
  const { schema: b, optional } = bare(s);
  if (!(b instanceof z.ZodBoolean) || (fieldMeta(s) ?? fieldMeta(b))?.initial !== true)
    throw new TypeError(`field "${field}" is no switch that is on unless told`);
  return withHelp({
    name,
    field,
    type: 'boolean',
    optional,
    allowed: 'given or not',
    schema: s,
    usage: `--${name}`,
    text,
    negated: true,
  });
}

/** Each variant of a union of `kind` objects with one number field besides `kind`: that field and its schema. */
function variantForms(union: z.ZodType): { kind: string; field: string; schema: z.ZodType }[] {
  return schemaDef(union).options!.map((o) => {
    const { kind, ...rest } = schemaDef(o).shape!;
    const fields = Object.entries(rest);
    if (fields.length !== 1 || !(bare(fields[0][1]).schema instanceof z.ZodNumber))
      throw new TypeError('a variant of a listed union has one number field besides its kind');
    return { kind: variantKind(o), field: fields[0][0], schema: fields[0][1] };
  });
}

/**
 * The flag `--name` of a list of values of a union (`field` of a request) whose variants have one number
 * field each, written KIND:VALUE and comma-separated ("moves:N,time:MS"); `text` says what a value means.
 */
export function variantListFlag(field: string, union: z.ZodType, name: string, text: string): StudyFlag {
  const what = `${variantForms(union)
    .map((f) => `${f.kind}:${f.field.toUpperCase()}`)
    .join(' or ')}, comma-separated`;
  const usage = `--${name} ${field.toUpperCase().slice(0, 1)}[,${field.toUpperCase().slice(0, 1)}…]`;
  return withHelp({
    name,
    field,
    type: 'string',
    optional: false,
    allowed: what,
    schema: union,
    usage,
    text,
    list: true,
  });
}

/**
 * The values of a list flag (`variantListFlag`), each checked by its variant's field (a refused one is
 * named with what the field allows); undefined when the flag is not given.
 */
export function variantList(f: StudyFlag, given: Flags): Record<string, unknown>[] | undefined {
  const s = str(given, f.name);
  if (s === undefined) return undefined;
  const forms = variantForms(f.schema);
  const example = forms.map((x) => `${x.kind}:${fieldMeta(x.schema)?.initial ?? 1}`).join(',');
  return s.split(',').map((part) => {
    const m = /^\s*([a-z]+):(.*)$/.exec(part);
    const form = forms.find((x) => x.kind === m?.[1]);
    const v = Number(m?.[2]);
    if (m === null || form === undefined || m[2].trim() === '' || !Number.isFinite(v))
      throw new UsageError(
        `--${f.name} ${part} is not allowed: write ${forms.map((x) => `${x.kind}:${x.field.toUpperCase()}`).join(' or ')} (e.g. ${example})`,
      );
    if (!form.schema.safeParse(v).success)
      throw new UsageError(
        `--${f.name} ${part.trim()} is not allowed: ${form.field.toUpperCase()} must be ${fieldMeta(form.schema)?.allowed ?? 'a number'}`,
      );
    return { kind: form.kind, [form.field]: v };
  });
}

/**
 * The value of one flag as a command reads it into the request it builds: a number within its field's
 * range and a choice among its field's values or its union's kinds (args.ts words the messages), the
 * field's default when the flag is not given, undefined for an optional field left out; a switch is
 * whether it was given (a negated one, whether it was not).
 */
export function flagValue(f: StudyFlag, given: Flags): string | number | boolean | undefined {
  if (f.list) throw new TypeError(`--${f.name} is a list: read it with variantList`);
  if (f.type === 'boolean') return (given[f.name] === true) !== (f.negated === true);
  if (f.optional && f.fallback === undefined && str(given, f.name) === undefined) return undefined;
  const b = bare(f.schema).schema;
  if (b instanceof z.ZodNumber)
    return (b.isInt ? int : num)(given, f.name, b.minValue!, b.maxValue!, f.fallback as number | undefined);
  if (b instanceof z.ZodEnum) return choice(given, f.name, b.options as string[], f.fallback as string | undefined);
  if (schemaDef(b).type === 'union') return choice(given, f.name, kindsOf(b), f.fallback as string | undefined);
  const v = str(given, f.name) ?? (f.fallback as string | undefined);
  if (v === undefined) throw new UsageError(`--${f.name} is required: it must be ${f.allowed}`);
  if (!f.schema.safeParse(v).success) throw new UsageError(`--${f.name} ${notAllowedValue(v, f.allowed)}`);
  return v;
}

/**
 * The help of the flags of a union's variants (`byKind`: each variant's flags by its kind): a flag is one
 * line where every variant that has it says the same, else one line per wording, led by the kinds it
 * holds for; a flag not every variant has names its kinds.
 */
export function variantFlagsHelp(byKind: Readonly<Record<string, readonly StudyFlag[]>>): string {
  const kinds = Object.keys(byKind);
  const names = [...new Set(Object.values(byKind).flatMap((fs) => fs.map((f) => f.name)))];
  const lines: string[] = [];
  for (const name of names) {
    const wordings = new Map<string, string[]>();
    let usage = '';
    for (const k of kinds) {
      const f = byKind[k].find((x) => x.name === name);
      if (f === undefined) continue;
      usage ||= f.usage;
      wordings.set(f.text, [...(wordings.get(f.text) ?? []), k]);
    }
    [...wordings].forEach(([text, ks], i) =>
      lines.push(
        `  ${helpLine(i === 0 ? usage : '', `${ks.length === kinds.length ? '' : `${ks.join(', ')}: `}${text}`)}`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Fields the flags cannot give (objects, unions, lists): they come in --request JSON. */
export function jsonOnlyFields(schema: z.ZodType): string[] {
  const flags = new Set(studyFlags(schema).map((f) => f.field));
  return Object.keys((schema as z.ZodObject).shape).filter((k) => k !== 'kind' && !flags.has(k));
}

/** parseArgs options for flags: the switches are booleans, the others take a value (a name flags share is one option). */
export function studyFlagOptions(flags: readonly StudyFlag[]): FlagOptions {
  return flagOptions(
    flags.filter((f) => f.type !== 'boolean').map((f) => f.name),
    flags.filter((f) => f.type === 'boolean').map((f) => f.name),
  );
}

/**
 * The request of kind `kind`: `base` (the --request JSON, or {}) with each given flag's value set, checked
 * by `schema`. A refused field is reported at its flag ("--trees 1 is not allowed: it must be …").
 */
export function requestFromFlags<Q>(
  kind: string,
  schema: z.ZodType<Q>,
  flags: readonly StudyFlag[],
  given: Flags,
  base: Record<string, unknown>,
): Q {
  const req: Record<string, unknown> = { kind, ...base };
  for (const f of flags) {
    if (f.list || schemaDef(bare(f.schema).schema).type === 'union')
      throw new TypeError(`--${f.name} gives no flat field: a request from flags takes studyFlags' flags`);
    if (f.type === 'boolean') {
      // A switch not given is off, unless --request set the field or the field may be left out.
      if (given[f.name] === true) req[f.field] = !f.negated;
      else if (req[f.field] === undefined && !f.optional) req[f.field] = f.negated === true;
      continue;
    }
    const s = str(given, f.name);
    if (s === undefined) {
      if (req[f.field] === undefined && f.fallback !== undefined) req[f.field] = f.fallback;
      continue;
    }
    if (f.type === 'string') req[f.field] = s;
    else {
      const v = Number(s);
      if (s.trim() === '' || !Number.isFinite(v)) throw new UsageError(`--${f.name} ${notAllowedValue(s, 'a number')}`);
      req[f.field] = v;
    }
  }
  const r = schema.safeParse(req);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const flag = flags.find((f) => f.field === issue.path[0]);
  if (flag === undefined)
    throw new UsageError(`--request ${issue.path.join('.') || '(the request)'}: ${issue.message}`);
  const value = req[flag.field];
  if (value === undefined) throw new UsageError(`--${flag.name} is required: it must be ${flag.allowed}`);
  // A value its own field refuses is named with what the field allows; a rule across fields keeps its message.
  const own = flag.schema.safeParse(value).success;
  throw new UsageError(`--${flag.name} ${own ? issue.message : notAllowedValue(value, flag.allowed)}`);
}

/**
 * A study's flags of `gtlab study KIND`, derived from its descriptor's request schema
 * (shared/studies/study-descriptor.ts): every top-level field that holds a number, a string, a choice
 * or a boolean is the flag `--field-name` (camelCase written with dashes), its help line the field's
 * label and allowed range (shared/util/fields.ts). Fields of other shapes (objects, unions, lists)
 * are given whole in `--request JSON`. The request read from the flags is validated by the study's
 * schema, and a refused field is reported at its flag.
 */
import type { ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { type Flags, flagOptions, str } from './args.ts';
import { UsageError } from './usage-error.ts';
import { fieldMeta } from '../shared/util/fields.ts';
import { notAllowedValue } from '../shared/util/range.ts';

interface StudyFlag {
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
  /** "--trees T  Trees per depth: an integer in [2..10000]" */
  help: string;
}

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

/** The flags of a study's request schema (`kind` is the command's argument, not a flag). */
export function studyFlags(schema: z.ZodType): StudyFlag[] {
  if (!(schema instanceof z.ZodObject)) throw new TypeError("a study's request schema is an object");
  const out: StudyFlag[] = [];
  for (const [field, s] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (field === 'kind') continue;
    const { schema: b, optional } = bare(s);
    const type =
      b instanceof z.ZodNumber
        ? 'number'
        : b instanceof z.ZodBoolean
          ? 'boolean'
          : b instanceof z.ZodString || b instanceof z.ZodEnum
            ? 'string'
            : null;
    if (type === null) continue;
    const meta = fieldMeta(s) ?? fieldMeta(b);
    const name = dashed(field);
    const usage = type === 'boolean' ? `--${name}` : `--${name} ${field.toUpperCase().slice(0, 1)}`;
    const what =
      type === 'boolean'
        ? (meta?.label ?? 'a switch')
        : `${meta ? `${meta.label}: ` : ''}${meta?.allowed ?? allowed(b)}${optional && !meta?.allowed.startsWith('empty') ? ' (optional)' : ''}`;
    out.push({
      name,
      field,
      type,
      optional,
      allowed: meta?.allowed ?? allowed(b),
      schema: s,
      help: `${usage.padEnd(22)} ${what}`,
    });
  }
  return out;
}

/** Fields the flags cannot give (objects, unions, lists): they come in --request JSON. */
export function jsonOnlyFields(schema: z.ZodType): string[] {
  const flags = new Set(studyFlags(schema).map((f) => f.field));
  return Object.keys((schema as z.ZodObject).shape).filter((k) => k !== 'kind' && !flags.has(k));
}

/** parseArgs options for a study's flags: its switches are booleans, the others take a value. */
export function studyFlagOptions(flags: readonly StudyFlag[]): NonNullable<ParseArgsConfig['options']> {
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
    if (f.type === 'boolean') {
      // A switch not given is false, unless --request set the field or the field may be left out.
      if (given[f.name] === true) req[f.field] = true;
      else if (req[f.field] === undefined && !f.optional) req[f.field] = false;
      continue;
    }
    const s = str(given, f.name);
    if (s === undefined) continue;
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

/**
 * The flags of a command that predates `gtlab study` (`reproduce`, `montecarlo`, `c4`, `othello`,
 * `match`, `pathology`) as data: those its studies' descriptors give (./study-flags.ts, derived from a
 * field of a study's request) and the command's own, which fill no field of a request (outputs, a
 * subcommand's options, parameters a study leaves at their defaults). The command parses exactly these
 * (`commandFlagOptions`), and `declaredTwice` checks the split against the requests' schemas: an own flag
 * named like a field of a request, or a study flag that no field of a request gives, is a flag written by
 * hand where the descriptor already says it.
 */
import type { z } from 'zod';
import { type FlagOptions, flagOptions } from './args.ts';
import { type StudyFlag, studyFlagOptions } from './study-flags.ts';
import { schemaDef } from '../shared/util/fields.ts';

export interface CommandFlags {
  /** the request schemas of the studies the command computes (a descriptor's `schema`) */
  readonly requests: readonly z.ZodType[];
  /** the flags derived from fields of those requests */
  readonly study: readonly StudyFlag[];
  /** the command's own flags that take a value */
  readonly values: readonly string[];
  /** the command's own switches */
  readonly switches: readonly string[];
}

/** parseArgs options for all the command's flags. */
export function commandFlagOptions(c: CommandFlags): FlagOptions {
  return { ...studyFlagOptions(c.study), ...flagOptions(c.values, c.switches) };
}

/** The names of all the command's flags, without the dashes, sorted (a name flags share is one flag). */
export function commandFlagNames(c: CommandFlags): string[] {
  return [...new Set([...c.study.map((f) => f.name), ...c.values, ...c.switches])].sort();
}

const dashed = (field: string) => field.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);

/**
 * Every field below a request schema: each schema met (optional and default layers included) with the
 * dotted path of its field, and each field's name with that path (a union's variants share their path).
 */
function requestFields(s: z.ZodType, path: string, schemas: Map<z.ZodType, string>, names: Map<string, string>): void {
  const def = schemaDef(s);
  if (path !== '' && !schemas.has(s)) schemas.set(s, path);
  if (def.type === 'object')
    for (const [k, v] of Object.entries(def.shape!)) {
      const at = path === '' ? k : `${path}.${k}`;
      if (!names.has(dashed(k))) names.set(dashed(k), at);
      requestFields(v, at, schemas, names);
    }
  else if (def.type === 'union') for (const o of def.options!) requestFields(o, path, schemas, names);
  else if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable')
    requestFields(def.innerType!, path, schemas, names);
  else if (def.type === 'array') requestFields(def.element!, `${path}.*`, schemas, names);
}

/**
 * What the command declares twice, one sentence each (none: every flag that fills a field of a request
 * comes from its descriptor): an own flag with the name of a field of a request, a study flag that is not
 * derived from a field of a request (its schema is none of theirs, or is another field's), a name given
 * both as a study flag and as an own flag.
 */
export function declaredTwice(c: CommandFlags): string[] {
  const schemas = new Map<z.ZodType, string>();
  const names = new Map<string, string>();
  for (const r of c.requests) requestFields(r, '', schemas, names);
  const out: string[] = [];
  for (const name of [...c.values, ...c.switches]) {
    const path = names.get(name);
    if (path !== undefined && path !== 'kind')
      out.push(`--${name} is declared by the command, but ${path} is a field of its study's request`);
    if (c.study.some((f) => f.name === name)) out.push(`--${name} is both a study flag and the command's own`);
  }
  for (const f of c.study) {
    const path = schemas.get(f.schema);
    if (path === undefined) out.push(`--${f.name} fills ${f.field}, a field of no request of the command's studies`);
    else if (path.split('.').at(-1) !== f.field)
      out.push(`--${f.name} says it fills ${f.field}, but its schema is the field ${path}`);
  }
  return out;
}

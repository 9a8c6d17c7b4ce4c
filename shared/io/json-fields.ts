/**
 * Reading fields of a parsed JSON document with errors that name the field and index, shared by the
 * gtlab-graph and gtlab-proof readers. Big arrays are checked by hand-written loops (zod would build an
 * issue list for 5 million entries); small objects such as `meta` use zod with messages in the same style.
 */
import type { z } from 'zod';
import { INF } from '../game/game.ts';
import { FormatError } from './format-error.ts';
import { didYouMean } from '../util/did-you-mean.ts';
import { bareOrQuoted, quoted } from '../util/quoted.ts';
import { zodIssues } from '../util/zod-issues.ts';

export type JsonObject = Record<string, unknown>;

/** Largest |value| a file may hold: searches use ±INF as their infinite window bounds. */
export const VALUE_LIMIT = INF - 1;

/** A short rendering of a JSON value for messages: numbers and strings as written, containers by kind. */
export function show(x: unknown): string {
  if (x === undefined) return 'nothing';
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  if (typeof x === 'object') return 'an object';
  if (typeof x === 'string') return quoted(x, 40);
  return String(x);
}

export function isObject(x: unknown): x is JsonObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Check `format` and `version` first, so a file of the wrong kind gets that message, not a list of odd keys. */
export function checkHeader(doc: unknown, format: string, version: number): JsonObject {
  if (!isObject(doc)) throw new FormatError('(root)', `${show(doc)} is not allowed: a ${format} file is a JSON object`);
  if (!('format' in doc)) throw new FormatError('format', `is missing; a ${format} file has "format": "${format}"`);
  if (doc.format !== format)
    throw new FormatError('format', `${show(doc.format)} is not allowed: expected "${format}"`);
  if (!('version' in doc)) throw new FormatError('version', `is missing; expected ${version}`);
  if (doc.version !== version)
    throw new FormatError('version', `${show(doc.version)} is not supported: this build reads version ${version}`);
  return doc;
}

/** Reject keys outside the spec: a misspelt optional key ("estimates") would otherwise vanish silently. */
export function checkKeys(doc: JsonObject, allowed: readonly string[]): void {
  for (const k of Object.keys(doc)) {
    if (!allowed.includes(k))
      throw new FormatError(
        bareOrQuoted(k),
        `unknown field${didYouMean(k, allowed)}; allowed fields: ${allowed.join(', ')}`,
      );
  }
}

export function required(doc: JsonObject, key: string, what: string): unknown {
  if (!(key in doc) || doc[key] === undefined) throw new FormatError(key, `is missing; it must be ${what}`);
  return doc[key];
}

export function integerField(doc: JsonObject, key: string, lo: number, hi: number): number {
  const x = required(doc, key, `an integer in [${lo}..${hi}]`);
  if (typeof x !== 'number' || !Number.isInteger(x))
    throw new FormatError(key, `${show(x)} is not allowed: it must be an integer`);
  if (x < lo || x > hi) throw new FormatError(key, `${x} is out of range: it must be in [${lo}..${hi}]`);
  return x;
}

export function arrayField(doc: JsonObject, key: string, what: string): unknown[] {
  const x = required(doc, key, `an array of ${what}`);
  if (!Array.isArray(x)) throw new FormatError(key, `${show(x)} is not allowed: it must be an array of ${what}`);
  return x;
}

/** A negamax value: an integer within ±VALUE_LIMIT. `field` already carries the index. */
export function checkValue(field: string, x: unknown): number {
  if (typeof x !== 'number' || !Number.isInteger(x))
    throw new FormatError(field, `${show(x)} is not allowed: values must be integers or null`);
  if (Math.abs(x) > VALUE_LIMIT) {
    throw new FormatError(
      field,
      `${x} is out of range: values must be within ±${VALUE_LIMIT} (searches use ±${INF} as infinity)`,
    );
  }
  return x;
}

/** Deepest nesting of free-form metadata (a writer recurses into it, so the reader bounds it). */
const MAX_META_DEPTH = 32;

/**
 * Free-form metadata a writer can write back as it was read: numbers finite (1e400 reads as Infinity,
 * which JSON writes as null) and nesting at most MAX_META_DEPTH deep. `field` names where `x` is.
 * Iterative, so any depth is looked at without recursion.
 */
export function checkMetaValue(x: unknown, field: string): void {
  const stack: [unknown, string, number][] = [[x, field, 0]];
  while (stack.length > 0) {
    const [v, at, depth] = stack.pop()!;
    if (typeof v === 'number' && !Number.isFinite(v))
      throw new FormatError(at, `${v} is not allowed: numbers must be finite (JSON reads 1e400 as infinity)`);
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_META_DEPTH)
      throw new FormatError(
        at,
        `is nested more than ${MAX_META_DEPTH} levels deep: at most ${MAX_META_DEPTH} levels of arrays and objects are read here`,
      );
    if (Array.isArray(v)) v.forEach((e, k) => stack.push([e, `${at}[${k}]`, depth + 1]));
    else for (const [k, e] of Object.entries(v)) stack.push([e, `${at}.${k}`, depth + 1]);
  }
}

/** zod error callback in the house style: "is missing; it must be X" or "<input> is not allowed: it must be X". */
export function must(what: string) {
  return (iss: { input?: unknown }) =>
    iss.input === undefined
      ? `is missing; it must be ${what}`
      : `${show(iss.input)} is not allowed: it must be ${what}`;
}

/** Parse with a zod schema; the first issue becomes a FormatError on `prefix.path`. */
export function parseWith<T>(schema: z.ZodType<T>, x: unknown, prefix: string): T {
  const r = schema.safeParse(x);
  if (r.success) return r.data;
  const iss = zodIssues(r.error)[0];
  const path = iss.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
  throw new FormatError(prefix + path, iss.message, { cause: r.error });
}

/**
 * Strict JSON text → value: RFC 8259 syntax, and every key at most once in its object. JSON.parse
 * lets the last of two equal keys win without a word (a sweep file with "grid" twice would run one
 * cell), so every reader of file or user text parses through here and such a text is refused.
 *
 * A problem is reported with its line and column: engines differ in whether JSON.parse reports a
 * position (V8 often does not), so a small scanner reads the text to find the first syntax error or
 * repeated key. Keys are compared as JSON decodes them, so "a" and "\u0061" are the same key.
 */
import { FormatError } from './format-error.ts';

interface Place {
  offset: number;
  /** 1-based */
  line: number;
  /** 1-based, in UTF-16 code units */
  column: number;
}

/** What makes a text unacceptable as JSON: a syntax error, or a key repeated in one object. */
export type JsonProblem =
  | (Place & { kind: 'syntax'; reason: string })
  | (Place & {
      kind: 'duplicate';
      /** the key as decoded */
      key: string;
      /** where the object's first such key is */
      first: Place;
      /** the path from the top value to the repeated key (object keys and array indices), the key last */
      path: (string | number)[];
    });

/** A text refused by parseJsonText; the FormatError's field is `(json)`. */
export class JsonTextError extends FormatError {
  constructor(readonly problem: JsonProblem) {
    super('(json)', describeJsonProblem(problem));
    this.name = 'JsonTextError';
  }
}

/** The value of a strict JSON text, or a JsonTextError saying where and what is wrong. */
export function parseJsonText(text: string): unknown {
  const r = readJsonText(text);
  if (!r.ok) throw new JsonTextError(r.problem);
  return r.value;
}

/** The value of a strict JSON text, or its first problem (for a caller that words its own error). */
export function readJsonText(text: string): { ok: true; value: unknown } | { ok: false; problem: JsonProblem } {
  // Editors on Windows like to prepend a byte-order mark; it is not JSON but harmless to skip.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    // The scanner accepts what JSON.parse accepts, so it finds the error; the engine's word is the fallback.
    const problem = findJsonProblem(body) ?? { kind: 'syntax', offset: 0, line: 1, column: 1, reason: String(e) };
    return { ok: false, problem };
  }
  // Most texts have no repeated key: a quick look first, the scanner for its place only when one is there.
  if (lostKeys(body, value)) {
    const problem = findJsonProblem(body);
    if (problem) return { ok: false, problem };
  }
  return { ok: true, value };
}

/**
 * The problem as a sentence: "not valid JSON at line 3, column 8 (offset 19): …", or "duplicate key
 * "grid" at line 7, column 3 (first at line 2): …". With `oneLine` (a text known to be one line, such
 * as a line of a JSON Lines file, whose caller names the line) the place is given by column only.
 */
export function describeJsonProblem(p: JsonProblem, oneLine = false): string {
  const at = oneLine ? `at column ${p.column}` : `at line ${p.line}, column ${p.column}`;
  if (p.kind === 'syntax') return `not valid JSON ${at}${oneLine ? '' : ` (offset ${p.offset})`}: ${p.reason}`;
  const first = oneLine || p.first.line === p.line ? `column ${p.first.column}` : `line ${p.first.line}`;
  return `duplicate key ${JSON.stringify(p.key)} ${at} (first at ${first}): a key may appear once in an object; remove one`;
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1,
    start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

export interface JsonSyntaxError {
  offset: number;
  reason: string;
}

/** The first JSON syntax error in `text`, or null if it is valid JSON (repeated keys allowed). */
export function locateJsonError(text: string): JsonSyntaxError | null {
  const r = scan(text, false);
  return r && 'reason' in r ? r : null;
}

/** The first syntax error or repeated key in `text`, whichever comes first, or null if it is strict JSON. */
export function findJsonProblem(text: string): JsonProblem | null {
  const r = scan(text, true);
  if (!r) return null;
  const place = (offset: number): Place => ({ offset, ...lineColumn(text, offset) });
  if ('reason' in r) return { kind: 'syntax', ...place(r.offset), reason: r.reason };
  return { kind: 'duplicate', ...place(r.offset), key: r.key, first: place(r.first), path: r.path };
}

interface Repeat {
  /** where the repeated key's opening quote is */
  offset: number;
  key: string;
  first: number;
  path: (string | number)[];
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** A key string's value: the text between the quotes, or JSON's own decoding when it has escapes. */
const keyOf = (text: string, start: number, end: number, escaped: boolean): string =>
  escaped ? (JSON.parse(text.slice(start, end)) as string) : text.slice(start + 1, end - 1);

/**
 * The syntax scanner: the first syntax error, or with `keys` the first repeated key if it comes
 * earlier. Iterative: deep nesting is fine.
 */
function scan(text: string, keys: boolean): JsonSyntaxError | Repeat | null {
  const n = text.length;
  let i = 0;
  const stack: string[] = [];
  // With `keys`, per open container: the keys an object has had (with where), and where in it the scan is.
  const seen: (Map<string, number> | null)[] = [];
  const at: (string | number)[] = [];
  let escaped = false; // whether the string just read has an escape
  const fail = (offset: number, reason: string): JsonSyntaxError => ({ offset, reason });
  const what = (at: number) => (at >= n ? 'the end of the text' : `${JSON.stringify(text[at])}`);
  const skipWs = () => {
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
    }
  };
  const string = (): JsonSyntaxError | null => {
    const start = i++;
    escaped = false;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return null;
      }
      if (c < 0x20)
        return fail(i, `a control character (U+${c.toString(16).padStart(4, '0')}) inside a string must be escaped`);
      if (c === 92) {
        escaped = true;
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return fail(i, 'a \\u escape needs four hex digits');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i += 2;
        } else {
          return fail(i, `${JSON.stringify(`\\${e ?? ''}`)} is not a JSON escape`);
        }
        continue;
      }
      i++;
    }
    return fail(start, 'the string starting here is never closed');
  };
  const key = (): JsonSyntaxError | Repeat | null => {
    skipWs();
    if (text[i] !== '"') return fail(i, `expected a quoted property name, found ${what(i)}`);
    const start = i;
    const bad = string();
    if (bad) return bad;
    if (keys) {
      const name = keyOf(text, start, i, escaped);
      const top = seen.length - 1;
      at[top] = name;
      const own = seen[top] as Map<string, number>;
      const first = own.get(name);
      if (first !== undefined) return { offset: start, key: name, first, path: at.slice() };
      own.set(name, start);
    }
    skipWs();
    if (text[i] !== ':') return fail(i, `expected ':' after a property name, found ${what(i)}`);
    i++;
    return null;
  };

  let expectValue = true;
  for (;;) {
    skipWs();
    if (expectValue) {
      if (i >= n) return fail(i, 'the text ends where a value is expected');
      const c = text[i];
      if (c === '{' || c === '[') {
        i++;
        stack.push(c);
        if (keys) {
          seen.push(c === '{' ? new Map() : null);
          at.push(0);
        }
        skipWs();
        if (text[i] === (c === '{' ? '}' : ']')) {
          i++;
          stack.pop();
          if (keys) {
            seen.pop();
            at.pop();
          }
          expectValue = false;
        } else if (c === '{') {
          const bad = key();
          if (bad) return bad;
        }
        continue;
      }
      if (c === '"') {
        const bad = string();
        if (bad) return bad;
      } else if (c === '-' || (c >= '0' && c <= '9')) {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(text)) return fail(i, 'malformed number');
        i = NUMBER.lastIndex;
      } else if (text.startsWith('true', i)) i += 4;
      else if (text.startsWith('false', i)) i += 5;
      else if (text.startsWith('null', i)) i += 4;
      else return fail(i, `unexpected ${what(i)} where a value is expected`);
      expectValue = false;
      continue;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return i < n ? fail(i, `unexpected ${what(i)} after the end of the JSON value`) : null;
    if (i >= n) return fail(i, `the text ends inside an ${top === '{' ? 'object' : 'array'}`);
    const c = text[i];
    if (c === ',') {
      i++;
      if (top === '{') {
        const bad = key();
        if (bad) return bad;
      } else if (keys) (at[at.length - 1] as number)++;
      expectValue = true;
    } else if (c === (top === '{' ? '}' : ']')) {
      i++;
      stack.pop();
      if (keys) {
        seen.pop();
        at.pop();
      }
    } else {
      return fail(
        i,
        top === '{'
          ? `expected ',' or '}' after a property value, found ${what(i)}`
          : `expected ',' or ']' after an array element, found ${what(i)}`,
      );
    }
  }
}

/** A quote (a string starts), a colon or an opening brace; in valid JSON the last two are never in a string. */
const MARK = /[":{]/g;

/**
 * Whether `value`, which JSON.parse made of `text`, lost a repeated key. Each object of the text is
 * one object of the value, holding each of its keys once; so the value's objects have as many own
 * keys in all as the text has keys (its colons outside strings) exactly when no object has a key
 * twice. Counting needs no key strings. A regular expression finds the next quote, colon or brace,
 * so a long number array is read at the speed of the engine's string search; the value is walked
 * until it has shown as many objects as the text has braces, so arrays after the last object (a
 * graph file's) are not walked.
 */
function lostKeys(text: string, value: unknown): boolean {
  let colons = 0,
    braces = 0;
  MARK.lastIndex = 0;
  while (MARK.test(text)) {
    let i = MARK.lastIndex;
    const c = text.charCodeAt(i - 1);
    if (c === 58) colons++;
    else if (c === 123) braces++;
    else {
      for (; ; i++) {
        const d = text.charCodeAt(i);
        if (d === 34) break;
        if (d === 92) i++;
      }
      MARK.lastIndex = i + 1;
    }
  }
  let keys = 0,
    objects = 0;
  const todo: unknown[] = [value];
  while (objects < braces && todo.length > 0) {
    const x = todo.pop();
    if (Array.isArray(x)) {
      for (const y of x) if (typeof y === 'object' && y !== null) todo.push(y);
    } else if (typeof x === 'object' && x !== null) {
      objects++;
      for (const k in x) {
        keys++;
        const y = (x as Record<string, unknown>)[k];
        if (typeof y === 'object' && y !== null) todo.push(y);
      }
    }
  }
  return keys !== colons;
}

/**
 * JSON text → value (RFC 8259), failing with a FormatError that gives the line, column and offset of
 * the first syntax error. Engines differ in whether JSON.parse reports a position (V8 often does not),
 * so on failure a small syntax scanner re-reads the text to find it.
 */
import { FormatError } from './format-error.ts';

export function parseJsonText(text: string): unknown {
  // Editors on Windows like to prepend a byte-order mark; it is not JSON but harmless to skip.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (e) {
    const fail = locateJsonError(body);
    if (!fail) throw new FormatError('(json)', `not valid JSON: ${(e as Error).message}`, { cause: e });
    const { line, column } = lineColumn(body, fail.offset);
    throw new FormatError(
      '(json)',
      `not valid JSON at line ${line}, column ${column} (offset ${fail.offset}): ${fail.reason}`,
      { cause: e },
    );
  }
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

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The first JSON syntax error in `text`, or null if it is valid JSON. Iterative: deep nesting is fine. */
export function locateJsonError(text: string): JsonSyntaxError | null {
  const n = text.length;
  let i = 0;
  const stack: string[] = [];
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
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return null;
      }
      if (c < 0x20)
        return fail(i, `a control character (U+${c.toString(16).padStart(4, '0')}) inside a string must be escaped`);
      if (c === 92) {
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
  const key = (): JsonSyntaxError | null => {
    skipWs();
    if (text[i] !== '"') return fail(i, `expected a quoted property name, found ${what(i)}`);
    const bad = string();
    if (bad) return bad;
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
        skipWs();
        if (text[i] === (c === '{' ? '}' : ']')) {
          i++;
          stack.pop();
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
      }
      expectValue = true;
    } else if (c === (top === '{' ? '}' : ']')) {
      i++;
      stack.pop();
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

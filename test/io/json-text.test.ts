import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../shared/io/format-error.ts';
import { lineColumn, locateJsonError, parseJsonText } from '../../shared/io/json-text.ts';

const valid = (t: string) => {
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
};

describe('JSON syntax errors with positions', () => {
  it('the scanner accepts exactly what JSON.parse accepts, on valid JSON and on corruptions of it', () => {
    const corrupt = fc.tuple(
      fc.json(),
      fc.nat(),
      fc.nat(),
      fc.constantFrom(...'{}[]",:0-.eE+\\ntrue\u0001 \n'.split(''), '', '\\u12', 'nul'),
    );
    fc.assert(
      fc.property(corrupt, ([t, at, len, ins]) => {
        const i = at % (t.length + 1);
        const s = t.slice(0, i) + ins + t.slice(i + (len % 3));
        expect(locateJsonError(t)).toBeNull();
        expect(locateJsonError(s) === null, JSON.stringify(s)).toBe(valid(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('points at the first bad character', () => {
    expect(locateJsonError('{"a":}')).toEqual({ offset: 5, reason: 'unexpected "}" where a value is expected' });
    expect(locateJsonError('[1,2,]')?.offset).toBe(5);
    expect(locateJsonError('{"a":1} x')).toEqual({
      offset: 8,
      reason: 'unexpected "x" after the end of the JSON value',
    });
    expect(locateJsonError('{"a": "b\nc"}')?.reason).toMatch(/control character \(U\+000a\)/);
    expect(locateJsonError('[01]')?.offset).toBe(2);
    expect(locateJsonError('[NaN]')?.offset).toBe(1);
    expect(locateJsonError('"abc')).toEqual({ offset: 0, reason: 'the string starting here is never closed' });
    expect(locateJsonError('['.repeat(100000))?.reason).toBe('the text ends where a value is expected');
  });

  it('reports line and column in the FormatError', () => {
    expect(lineColumn('ab\ncd\nef', 7)).toEqual({ line: 3, column: 2 });
    let err: unknown;
    try {
      parseJsonText('{\n  "a": 1,\n  "b": tru\n}');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FormatError);
    expect((err as FormatError).field).toBe('(json)');
    expect((err as FormatError).message).toBe(
      '(json): not valid JSON at line 3, column 8 (offset 19): unexpected "t" where a value is expected',
    );
  });
});

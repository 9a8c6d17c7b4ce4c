/**
 * Values the user gave, quoted in messages with every character that would hide, reorder or break the
 * message escaped (shared/util/quoted.ts): unit cases, then real `gtlab` invocations whose messages
 * quote a preset name, a table name and an unknown key holding DEL or U+2028.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { bareOrQuoted, needsQuotes, quoted } from '../../shared/util/quoted.ts';
import { registryLookup } from '../../shared/util/registry-lookup.ts';
import { refusal } from '../helpers/refusal.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';

/** Whether `s` holds a character a terminal or a line reader would act on: below U+0020, DEL, C1, U+2028/U+2029, bidi controls. */
const hidden = (s: string): boolean =>
  [...s].some((c) => {
    const u = c.codePointAt(0)!;
    return (
      u < 0x20 ||
      (u >= 0x7f && u <= 0x9f) ||
      u === 0x2028 ||
      u === 0x2029 ||
      (u >= 0x202a && u <= 0x202e) ||
      (u >= 0x2066 && u <= 0x2069)
    );
  });

describe('quoted', () => {
  test('controls, DEL, C1, separators, bidi and zero-width characters and lone surrogates are escaped', () => {
    expect(quoted('furtak-buro-fig4\u007f')).toBe('"furtak-buro-fig4\\u007f"');
    expect(quoted('a\u2028b\u2029c')).toBe('"a\\u2028b\\u2029c"');
    expect(quoted('\u0085\u009b\u202e\u2066\u200b\ufeff')).toBe('"\\u0085\\u009b\\u202e\\u2066\\u200b\\ufeff"');
    expect(quoted('tab\there\n"q"\\')).toBe('"tab\\there\\n\\"q\\"\\\\"');
    expect(quoted('\ud800x')).toBe('"\\ud800x"');
    expect(quoted('élan 😀 π')).toBe('"élan 😀 π"');
    expect(quoted('x'.repeat(70))).toBe(`"${'x'.repeat(60)}…"`);
  });

  test('bare where nothing needs escaping, else quoted', () => {
    expect(needsQuotes('width')).toBe(false);
    expect(needsQuotes('wid\u007fth')).toBe(true);
    expect(bareOrQuoted('model.bmin')).toBe('model.bmin');
    expect(bareOrQuoted('idthw\u2028')).toBe('"idthw\\u2028"');
  });

  test('a registry look-up quotes the name asked for', () => {
    const lookup = registryLookup([{ name: 'a' }], (d) => d.name, 'algorithm');
    expect(refusal(() => lookup('a\u007f'), RangeError)).toBe(
      'algorithm = "a\\u007f" is not allowed: it must be one of a',
    );
  });
});

describe('gtlab quotes what the user gave', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gtlab-quoted-'));

  test('a sweep whose base is a preset name with DEL after it: the name is printed with \\u007f', () => {
    writeFileSync(
      join(dir, 'del.json'),
      JSON.stringify({
        format: 'gtlab-sweep',
        version: 1,
        name: 's',
        base: 'furtak-buro-fig4\u007f',
        grid: { depth: [4] },
      }),
    );
    const r = runGtlab(['sweep', 'del.json', '--out', 'o'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('base: "furtak-buro-fig4\\u007f" is not a preset');
    expect(hidden(r.stderr.trimEnd())).toBe(false);
  });

  test('an unknown key holding U+2028 is one line, quoted, with the key meant', () => {
    writeFileSync(
      join(dir, 'sep.json'),
      JSON.stringify({ format: 'gtlab-sweep', version: 1, name: 's', base: 'furtak-buro-fig4', 'gr\u2028id': {} }),
    );
    const r = runGtlab(['sweep', 'sep.json', '--out', 'o'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"gr\\u2028id": unknown field (did you mean "grid"?)');
    expect(hidden(r.stderr.trimEnd())).toBe(false);
  });

  test('an ordering with U+2028 after it: one line, the separator escaped', () => {
    const start = `${'-'.repeat(27)}OX------XO${'-'.repeat(27)} X`;
    const r = runGtlab(['othello', 'solve', start, '--ordering', 'fcf\u2028'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('ordering "fcf\\u2028" is not allowed');
    expect(hidden(r.stderr.trimEnd())).toBe(false);
  });

  test('a table name with DEL after it', () => {
    const r = runGtlab(['reproduce', 'li-2.1\u007f'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('table "li-2.1\\u007f" is not allowed');
    expect(hidden(r.stderr.trimEnd())).toBe(false);
  });
});

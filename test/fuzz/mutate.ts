/**
 * Mutated input files for the fuzz suites: a valid document with one to three mutations a careless
 * edit, a bad tool or a damaged disk makes — a value of another type, a deleted or duplicated entry, an
 * unknown or misspelt key, huge and deeply nested values, control characters in strings, a number JSON
 * reads as Infinity (1e400), a key written twice, the text truncated.
 */
import fc from 'fast-check';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

/** Every path in the document (the root excluded, at most 8 deep), containers before their contents. */
function pathsOf(x: Json, at: Path = [], out: Path[] = []): Path[] {
  if (at.length >= 8) return out;
  if (Array.isArray(x)) x.slice(0, 50).forEach((v, k) => (out.push([...at, k]), pathsOf(v, [...at, k], out)));
  else if (x !== null && typeof x === 'object')
    for (const [k, v] of Object.entries(x)) out.push([...at, k]), pathsOf(v, [...at, k], out);
  return out;
}

function parentOf(doc: Json, path: Path): { parent: Json; key: string | number } {
  let x = doc;
  for (const k of path.slice(0, -1)) x = (x as Record<string | number, Json>)[k];
  return { parent: x, key: path[path.length - 1] };
}

const nested = (depth: number): Json => {
  let x: Json = 1;
  for (let i = 0; i < depth; i++) x = [x];
  return x;
};

/** Values of other types and extremes. */
const oddValue: fc.Arbitrary<Json> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.constantFrom(0, -1, 0.5, -0.5, 1e308, -1e308, 2 ** 53, 2 ** 64, 5e-324, 1e15),
  fc.boolean(),
  fc.constant(null),
  fc.constant([] as Json),
  fc.constant({} as Json),
  fc.constant('x'.repeat(100_000)),
  fc.integer({ min: 100, max: 3000 }).map(nested),
  fc.array(fc.integer(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.integer(), { maxKeys: 3 }),
);

/** Strings with a control character somewhere. */
const withControl = fc
  .tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 0x1f }), fc.string({ maxLength: 8 }))
  .map(([a, c, b]) => `${a}${String.fromCharCode(c)}${b}`);

/** A key the schema probably lacks: random, or one of the document's keys with a letter changed or dropped. */
function unknownKey(keys: string[]): fc.Arbitrary<string> {
  const near =
    keys.length === 0
      ? fc.constant('extra')
      : fc.tuple(fc.constantFrom(...keys), fc.nat(), fc.constantFrom('', 'x', 'e')).map(([k, i, c]) => {
          const at = i % Math.max(1, k.length);
          return k.slice(0, at) + c + k.slice(at + 1);
        });
  return fc.oneof(
    near,
    fc.string({ minLength: 1, maxLength: 10 }),
    fc.constantFrom('__proto__', 'constructor', 'toString'),
  );
}

type ValueMutation = (doc: Json) => fc.Arbitrary<Json>;

const clone = (x: Json): Json => JSON.parse(JSON.stringify(x)) as Json;

/** One value-level mutation of a copy of `doc`. */
const mutateValue: ValueMutation = (doc) => {
  const paths = pathsOf(doc);
  if (paths.length === 0) return oddValue;
  const keysOf = (x: Json) => (x !== null && typeof x === 'object' && !Array.isArray(x) ? Object.keys(x) : []);
  return fc
    .tuple(fc.constantFrom(...paths), fc.nat(5), oddValue, withControl, fc.nat())
    .chain(([path, kind, odd, ctl, n]) => {
      const d = clone(doc);
      const { parent, key } = parentOf(d, path);
      const p = parent as Record<string | number, Json>;
      if (kind === 0)
        p[key] = odd; // a value of another type, or an extreme
      else if (kind === 1) {
        // deleted
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else delete p[key];
      } else if (kind === 2) {
        // duplicated (an array entry twice)
        if (Array.isArray(parent)) parent.splice(key as number, 0, clone(parent[key as number]));
        else p[key] = [p[key], clone(p[key])];
      } else if (kind === 3)
        p[key] = typeof p[key] === 'string' ? ctl : ctl.length % 2 ? ctl : p[key]; // a control character
      else if (kind === 4) {
        // an unknown key beside this one, or inside this object
        const target = keysOf(p[key]).length > 0 ? (p[key] as Record<string, Json>) : Array.isArray(parent) ? null : p;
        if (target === null) return fc.constant(d);
        return unknownKey(Object.keys(target)).map((k) => {
          const e = clone(d);
          const { parent: q, key: qk } = parentOf(e, path);
          const t =
            keysOf((q as Record<string | number, Json>)[qk]).length > 0
              ? ((q as Record<string | number, Json>)[qk] as Record<string, Json>)
              : (q as Record<string, Json>);
          Object.defineProperty(t, k, {
            value: n % 3 === 0 ? null : n % 7,
            enumerable: true,
            writable: true,
            configurable: true,
          });
          return e;
        });
      } else p[key] = typeof p[key] === 'number' ? (n % 2 ? -(p[key] as number) - 1 : (p[key] as number) * 1e12) : odd; // out of range
      return fc.constant(d);
    });
};

/** Text-level damage: truncation, a number JSON reads as Infinity, a key written twice, deep nesting. */
function damageText(text: string): fc.Arbitrary<string> {
  return fc.tuple(fc.nat(3), fc.nat(), fc.integer({ min: 1000, max: 20_000 })).map(([kind, n, depth]) => {
    if (kind === 0) return text.slice(0, n % Math.max(1, text.length));
    if (kind === 1) {
      const nums = [...text.matchAll(/(?<=[:,[]\s*)-?\d+(\.\d+)?(?=\s*[,\]}])/g)];
      if (nums.length === 0) return text;
      const m = nums[n % nums.length];
      return text.slice(0, m.index) + (n % 2 ? '1e400' : '-1e400') + text.slice(m.index! + m[0].length);
    }
    if (kind === 2) {
      const keys = [...text.matchAll(/"([^"\\]{1,40})"\s*:/g)];
      if (keys.length === 0) return text;
      const m = keys[n % keys.length];
      return `${text.slice(0, m.index)}"${m[1]}": ${n % 2 ? '"twice"' : '0'}, ${text.slice(m.index)}`;
    }
    const vals = [...text.matchAll(/:\s*(-?\d+|"[^"\\]*"|true|false|null)/g)];
    if (vals.length === 0) return text;
    const m = vals[n % vals.length];
    return `${text.slice(0, m.index)}: ${'['.repeat(depth)}${']'.repeat(depth)}${text.slice(m.index! + m[0].length)}`;
  });
}

/** The text of `doc` after 1–3 value mutations, then (sometimes) text damage. */
export function mutatedText(doc: unknown): fc.Arbitrary<string> {
  const valid = doc as Json;
  const steps = (d: Json, k: number): fc.Arbitrary<Json> =>
    k === 0 ? fc.constant(d) : mutateValue(d).chain((e) => steps(e, k - 1));
  return fc.tuple(fc.integer({ min: 1, max: 3 }), fc.boolean()).chain(([k, damage]) =>
    steps(valid, k)
      .map((d) => JSON.stringify(d))
      .chain((t) => (damage ? damageText(t) : fc.constant(t))),
  );
}

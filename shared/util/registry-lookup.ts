/**
 * What the registries of algorithms, models and studies share: their descriptors' schemas as a tuple,
 * and the look-up of a descriptor by its name or kind, which names the allowed ones when asked for
 * another.
 */
import type { z } from 'zod';
import { bareOrQuoted } from './quoted.ts';

/** The schemas of a tuple of descriptors, as a tuple (what z.union and z.discriminatedUnion need to infer the union). */
export function schemasOf<const T extends readonly { schema: z.ZodType }[]>(
  r: T,
): { -readonly [I in keyof T]: T[I]['schema'] } {
  return r.map((d) => d.schema) as { -readonly [I in keyof T]: T[I]['schema'] };
}

/**
 * The descriptor of `entries` whose key (`keyOf`) is the one asked for; another key is refused with a
 * RangeError "`field` = key is not allowed: it must be one of …".
 */
export function registryLookup<D>(entries: readonly D[], keyOf: (d: D) => string, field: string): (key: string) => D {
  const byKey = new Map(entries.map((d) => [keyOf(d), d]));
  return (key) => {
    const d = byKey.get(key);
    if (d === undefined)
      throw new RangeError(
        `${field} = ${bareOrQuoted(key)} is not allowed: it must be one of ${entries.map(keyOf).join(', ')}`,
      );
    return d;
  };
}

/**
 * The difference between two runs' specs, field by field: every leaf of either spec by its path
 * ("model.noise.e", "series.2.ordering"), with the two values where they differ — what History shows
 * under "Spec diff" to say how two runs came to differ: the fields that change what a run computes
 * first, the prose that describes it (a paragraph per side) after them, folded.
 */
export interface SpecDifference {
  path: string;
  /** JSON text of each side's value, or null where that side has no such field */
  a: string | null;
  b: string | null;
}

/** The leaves of a JSON value by path (arrays by index; an empty array or object is a leaf). */
export function leaves(x: unknown, at = '', out = new Map<string, string>()): Map<string, string> {
  if (x !== null && typeof x === 'object' && Object.keys(x).length > 0) {
    for (const [k, v] of Object.entries(x)) leaves(v, at ? `${at}.${k}` : k, out);
  } else out.set(at, JSON.stringify(x));
  return out;
}

export function specDiff(a: unknown, b: unknown): SpecDifference[] {
  const la = leaves(a);
  const lb = leaves(b);
  const paths = [...new Set([...la.keys(), ...lb.keys()])];
  return paths
    .filter((p) => la.get(p) !== lb.get(p))
    .map((p) => ({ path: p, a: la.get(p) ?? null, b: lb.get(p) ?? null }));
}

/** Fields of prose: they describe a run and change nothing it computes. */
const PROSE = new Set(['description']);

/** A spec diff as History shows it: the fields first, the prose apart (folded under them). */
export interface SpecDiffView {
  fields: SpecDifference[];
  prose: SpecDifference[];
}

export function specDiffView(a: unknown, b: unknown): SpecDiffView {
  const rows = specDiff(a, b);
  return { fields: rows.filter((d) => !PROSE.has(d.path)), prose: rows.filter((d) => PROSE.has(d.path)) };
}

/**
 * A benchmark's size from the environment: a non-negative integer (in [min..max] when a range is
 * given), else the default; anything else is refused by name.
 */
export function envInt(name: string, dflt: number, range?: readonly [number, number]): number {
  const s = process.env[name];
  if (s === undefined) return dflt;
  const x = Number(s);
  if (!Number.isInteger(x) || x < 0) throw new RangeError(`${name} = ${s} is not allowed: it must be an integer ≥ 0`);
  if (range !== undefined && (x < range[0] || x > range[1]))
    throw new RangeError(`${name} = ${s} is not allowed: it must be an integer in [${range[0]}..${range[1]}]`);
  return x;
}
